import { Stat } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ListActor } from '../../app/useListActor';
import type { ListRow } from '../../machines/list.machine';

/** The count of ledger entries (with the ledger's filters): only this card redraws when the ledger loads. */
export function LedgerEntriesStat<Row extends ListRow>({ ledger }: { ledger: ListActor<Row> }) {
  const { t } = useTranslation('account');
  const total = useSelector(ledger, (state) => state.context.total);
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" p="4" bg="bg.panel">
      <Stat.Label>{t('account.entries')}</Stat.Label>
      <Stat.ValueText>{total}</Stat.ValueText>
      <Stat.HelpText as="dd">{t('account.entriesHint')}</Stat.HelpText>
    </Stat.Root>
  );
}
