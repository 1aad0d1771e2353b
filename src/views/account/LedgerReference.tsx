import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ConsolePath } from '../../../contract/paths';
import { ledgerReferenceOf } from '../../../contract/ledgerReference';
import type { LedgerEntry, LedgerTarget } from '../../../contract/schemas/points';
import { fillPath } from '../../shared/routePattern';
import { usePageOpens } from '../../app/usePageOpens';

/** The page a target opens and the address with what it shows there (an order's state, a task's detail). */
const ADDRESS: Record<LedgerTarget['page'], (id: number) => { pathname: string; search: string }> = {
  article: (id) => ({ pathname: fillPath(ConsolePath.articleDetail, { id }), search: '' }),
  order: (id) => ({ pathname: ConsolePath.account, search: `?order=${id}` }),
  generation: (id) => ({ pathname: ConsolePath.articleTask, search: `?task=${id}` }),
  publishing: (id) => ({ pathname: ConsolePath.task, search: `?task=${id}` }),
};

/**
 * What a ledger entry was for, in words (the CSV download says the same): a reference of ours by
 * its kind and number, a link to what it names while that is there and the reader may open it;
 * any other reference (an operator's note) as it is.
 */
export function LedgerReference({ entry }: { entry: Pick<LedgerEntry, 'reference' | 'target'> }) {
  const { t } = useTranslation('ledger');
  const opens = usePageOpens();
  const ours = entry.reference ? ledgerReferenceOf(entry.reference) : null;
  const words = ours ? t(`ledger.references.${ours.kind}`, { id: ours.id }) : (entry.reference ?? '—');
  const address = entry.target && ADDRESS[entry.target.page](entry.target.id);
  return address && opens(address.pathname) ? (
    <Link asChild textStyle="xs" color="brand.fg">
      <RouterLink href={address.pathname + address.search}>{words}</RouterLink>
    </Link>
  ) : (
    <Text textStyle="xs" color="fg.muted">
      {words}
    </Text>
  );
}
