import { useMemo } from 'react';
import { SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Site, SiteType } from '../../../contract/schemas/site';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { httpUrl, required, type Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useSaveSite } from './api';
import { DialogForm } from '../../components/form/DialogForm';

type SiteValues = {
  name: string;
  url: string;
  language: string;
  type: string;
  status: string;
  username: string;
  app_password: string;
  webhook_url: string;
  secret: string;
};

const LANGUAGE: Rule<unknown> = (value) =>
  /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(value.trim()) ? null : 'site.validation.language';
const optional =
  (rule: Rule<unknown>): Rule<unknown> =>
  (value, values) =>
    value.trim() ? rule(value, values) : null;
const minLength =
  (length: number, key: string): Rule<unknown> =>
  (value) =>
    value.length >= length ? null : key;

const RULES: FieldRules<SiteValues> = {
  name: [required('site.validation.name')],
  url: [httpUrl],
  language: [LANGUAGE],
  app_password: [optional(minLength(8, 'site.validation.appPassword'))],
  webhook_url: [optional(httpUrl)],
  secret: [optional(minLength(16, 'site.validation.secret'))],
};

/** The site's fields; credentials are write-only: never prefilled, sent only when typed. */
export function SiteForm({ site, onCancel, onSaved }: { site: Site | null; onCancel: () => void; onSaved: (site: Site) => void }) {
  const { t } = useTranslation('site');
  const submission = useSaveSite({
    onSucceeded: (saved) => {
      toaster.success({ title: t(site ? 'site.form.saved' : 'site.form.added') });
      onSaved(saved);
    },
  });
  const initial = useMemo<SiteValues>(
    () => ({
      name: site?.name ?? '',
      url: site?.url ?? 'https://',
      language: site?.language ?? 'en',
      type: site?.type ?? 'wordpress',
      status: site?.status ?? 'enabled',
      username: '',
      app_password: '',
      webhook_url: '',
      secret: '',
    }),
    [site],
  );
  const form = useValidatedForm<SiteValues>(initial, RULES);
  const type = form.values.type as SiteType;

  const submit = (values: SiteValues) => {
    const credentials =
      values.type === 'wordpress'
        ? {
            ...(values.username ? { username: values.username } : {}),
            ...(values.app_password ? { app_password: values.app_password } : {}),
          }
        : values.type === 'webhook'
          ? { ...(values.webhook_url ? { webhook_url: values.webhook_url } : {}), ...(values.secret ? { secret: values.secret } : {}) }
          : {};
    submission.submit({
      id: site?.id ?? null,
      body: {
        name: values.name,
        url: values.url,
        language: values.language,
        type: values.type as SiteType,
        status: values.status as Site['status'],
        ...credentials,
      },
    });
  };

  return (
    <DialogForm
      label={t(site ? 'site.form.editTitle' : 'site.form.addTitle')}
      onSubmit={form.handleSubmit(submit)}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
    >
      <FailureAlert failure={submission.error} />
      <TextField label={t('site.fields.name')} {...form.field('name')} />
      <TextField label={t('site.fields.url')} inputMode="url" {...form.field('url')} />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <SelectField
          label={t('site.fields.type')}
          options={(['wordpress', 'webhook', 'export'] as const).map((value) => ({ value, label: t(`site.types.${value}`) }))}
          {...form.field('type')}
        />
        <TextField label={t('site.fields.language')} helperText={t('site.form.languageHint')} {...form.field('language')} />
        <SelectField
          label={t('site.fields.status')}
          options={(['enabled', 'disabled'] as const).map((value) => ({ value, label: t(`site.status.${value}`) }))}
          {...form.field('status')}
        />
      </SimpleGrid>
      {site?.has_credentials && (
        <Text textStyle="sm" color="fg.muted" data-testid="credentials-hint">
          {t('site.form.credentialsStored', { hint: site.credentials_hint })}
        </Text>
      )}
      {type === 'wordpress' && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <TextField label={t('site.fields.username')} autoComplete="off" {...form.field('username')} />
          <PasswordField
            label={t('site.fields.appPassword')}
            autoComplete="new-password"
            helperText={t('site.form.appPasswordHint')}
            {...form.field('app_password')}
          />
        </SimpleGrid>
      )}
      {type === 'webhook' && (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <TextField label={t('site.fields.webhookUrl')} inputMode="url" {...form.field('webhook_url')} />
          <PasswordField
            label={t('site.fields.secret')}
            autoComplete="new-password"
            helperText={t('site.form.secretHint')}
            {...form.field('secret')}
          />
        </SimpleGrid>
      )}
      {type === 'export' && (
        <Text textStyle="sm" color="fg.muted">
          {t('site.form.exportHint')}
        </Text>
      )}
    </DialogForm>
  );
}
