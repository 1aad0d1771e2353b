import { useState, type FormEvent } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SubAccount } from '../../../contract/schemas/system';
import { FormDialog } from '../../components/feedback/FormDialog';
import { toaster } from '../../components/feedback/toaster';
import { DialogForm } from '../../components/form/DialogForm';
import { FailureAlert } from '../../components/form/FailureAlert';
import { FormAlert } from '../../components/form/FormAlert';
import { useFindAccount, useGrantPoints } from './api';
import { InlineInput } from '../../components/form/InlineInput';

const EMPTY = { name: '', delta: '', reason: '' };

/** The owner account a typed name means: the one of that name, or the only one matching it. */
const accountNamed = (name: string, found: SubAccount[]) =>
  found.find((account) => account.username.toLowerCase() === name.trim().toLowerCase()) ?? (found.length === 1 ? found[0] : null);

/**
 * The operator adds or takes points by the account's name; nothing changes until the operator has
 * read whose balance moves, by how much, and what it becomes.
 */
export function GrantByName({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('account');
  const [grant, setGrant] = useState(EMPTY);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [target, setTarget] = useState<SubAccount | null>(null);
  const lookup = useFindAccount({
    onSucceeded: ({ list }) => {
      const account = accountNamed(grant.name, list);
      setNotFound(account ? null : grant.name.trim());
      setTarget(account);
    },
  });
  const granting = useGrantPoints({
    onSucceeded: ({ balance }) => {
      toaster.success({ title: t('account.admin.granted', { balance }) });
      setGrant(EMPTY);
      setTarget(null);
      onChanged();
    },
  });
  const delta = Number(grant.delta);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!grant.name.trim()) return;
    lookup.submit({ page: 1, page_size: 10, keyword: grant.name.trim(), kind: 'owners' });
  };

  return (
    <>
      <form onSubmit={submit} aria-label={t('account.admin.grant')} noValidate>
        <HStack gap="2" align="flex-end" wrap="wrap">
          <InlineInput
            label={t('account.admin.accountName')}
            width="40"
            value={grant.name}
            onValueChange={(name) => setGrant({ ...grant, name })}
          />
          <InlineInput
            label={t('account.admin.delta')}
            width="28"
            inputMode="numeric"
            value={grant.delta}
            onValueChange={(delta) => setGrant({ ...grant, delta })}
          />
          <InlineInput
            label={t('account.admin.reason')}
            width="64"
            value={grant.reason}
            onValueChange={(reason) => setGrant({ ...grant, reason })}
          />
          <Button size="sm" type="submit" colorPalette="brand" loading={lookup.state === 'submitting'}>
            {t('account.admin.grantButton')}
          </Button>
        </HStack>
      </form>
      {notFound !== null && <FormAlert message={t('account.admin.noSuchAccount', { name: notFound })} />}
      <FailureAlert failure={lookup.error} />
      <FormDialog open={target !== null} onClose={() => setTarget(null)} title={t('account.admin.confirmGrant')}>
        {target && (
          <DialogForm
            label={t('account.admin.confirmGrant')}
            onSubmit={() => granting.submit({ account_id: target.id, delta, reason: grant.reason })}
            gap="2"
            onCancel={() => setTarget(null)}
            submitting={granting.state === 'submitting'}
            submitLabel={t('account.admin.confirmGrantButton')}
          >
            <Text data-testid="grant-summary">
              {t('account.admin.grantSummary', {
                name: target.username,
                delta: delta > 0 ? `+${delta.toLocaleString()}` : delta.toLocaleString(),
                before: target.points.toLocaleString(),
                after: (target.points + delta).toLocaleString(),
              })}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              {t('account.admin.grantReason', { reason: grant.reason })}
            </Text>
            <FailureAlert failure={granting.error} />
          </DialogForm>
        )}
      </FormDialog>
    </>
  );
}
