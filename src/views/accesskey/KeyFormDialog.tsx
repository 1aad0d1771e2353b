import { useState } from 'react';
import { Checkbox, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { KEY_SCOPES, type AccessKeyWithSecret, type KeyScope } from '../../../contract/schemas/accessKey';
import { FormDialog } from '../../components/feedback/FormDialog';
import { DateTimeField } from '../../components/form/DateTimeField';
import { DialogForm } from '../../components/form/DialogForm';
import { FailureAlert } from '../../components/form/FailureAlert';
import { TextAreaField } from '../../components/form/TextAreaField';
import { TextField } from '../../components/form/TextField';
import { required } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useCreateKey } from './api';

type KeyValues = { name: string; expires: string; ips: string; rate: string };
const RULES: FieldRules<KeyValues> = { name: [required('accessKey.validation.name')] };
const INITIAL: KeyValues = { name: '', expires: '', ips: '', rate: '' };

/** `2030-01-31T18:00` from the date-time field, as the API's `2030-01-31 18:00:00`. */
const apiDateTime = (local: string) => (local ? `${local.replace('T', ' ')}:00`.slice(0, 19) : null);

/** The create-key form: name, scopes, optional expiry, addresses and rate limit. */
export function KeyFormDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: AccessKeyWithSecret) => void;
}) {
  const { t } = useTranslation('accessKey');
  return (
    <FormDialog open={open} onClose={onClose} title={t('accessKey.form.title')} size="md">
      <KeyForm onCancel={onClose} onCreated={onCreated} />
    </FormDialog>
  );
}

function KeyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (created: AccessKeyWithSecret) => void }) {
  const { t } = useTranslation('accessKey');
  const [scopes, setScopes] = useState<KeyScope[]>(['read']);
  const submission = useCreateKey({ onSucceeded: onCreated });
  const form = useValidatedForm<KeyValues>(INITIAL, RULES);
  const toggle = (scope: KeyScope, on: boolean) =>
    setScopes((now) => (on ? KEY_SCOPES.filter((s) => s === scope || now.includes(s)) : now.filter((s) => s !== scope)));

  return (
    <DialogForm
      label={t('accessKey.form.title')}
      onSubmit={form.handleSubmit((values) =>
        submission.submit({
          name: values.name.trim(),
          scopes,
          expires_at: apiDateTime(values.expires),
          allowed_ips: values.ips.split(/[\s,]+/).filter(Boolean),
          ...(values.rate ? { rate_limit: Number(values.rate) } : {}),
        }),
      )}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
      disabled={scopes.length === 0}
      submitLabel={t('accessKey.form.create')}
    >
      <FailureAlert failure={submission.error} />
      <TextField label={t('accessKey.fields.name')} maxLength={64} {...form.field('name')} />
      {/* A fieldset, not a Field: a Field gives every checkbox inside it the same input id. */}
      <Stack as="fieldset" gap="1.5">
        <Text as="legend" textStyle="sm" fontWeight="medium" mb="1.5">
          {t('accessKey.fields.scopes')}
        </Text>
        <Wrap gap="4">
          {KEY_SCOPES.map((scope) => (
            <Checkbox.Root
              key={scope}
              checked={scopes.includes(scope)}
              onCheckedChange={(details) => toggle(scope, details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`accessKey.scopes.${scope}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
        <Text textStyle="xs" color="fg.muted">
          {t('accessKey.form.scopesHint')}
        </Text>
      </Stack>
      <DateTimeField label={t('accessKey.fields.expires')} helperText={t('accessKey.form.expiresHint')} {...form.field('expires')} />
      <TextAreaField
        label={t('accessKey.fields.ips')}
        rows={2}
        fontFamily="mono"
        helperText={t('accessKey.form.ipsHint')}
        {...form.field('ips')}
      />
      <TextField
        label={t('accessKey.fields.rateLimit')}
        type="number"
        min={1}
        max={1000000}
        helperText={t('accessKey.form.rateHint')}
        {...form.field('rate')}
      />
      <Text textStyle="xs" color="fg.muted">
        {t('accessKey.form.onceHint')}
      </Text>
    </DialogForm>
  );
}
