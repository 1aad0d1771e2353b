import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Flex, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ProviderSettings } from '../../../contract/schemas/provider';
import { toaster } from '../../components/feedback/toaster';
import { PageLoading } from '../../components/feedback/PageLoading';
import { FailureAlert } from '../../components/form/FailureAlert';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { PageHeader } from '../../components/table/PageHeader';
import { providerSettingsAhead, useProviderSettings, useSaveProvider, useTestProvider } from './api';
import { MODEL_PRESETS, presetOf } from '../../../contract/modelPresets';
import { PresetEconomyBadge, PresetEconomyNote } from './PresetEconomy';

/** What the page asks for when it opens (sent at the click). */
export const loadsAhead = () => [providerSettingsAhead()];

/**
 * /model: where the account owner connects the AI model that writes their articles (base URL,
 * key, model), with presets for the common services and a "test connection" that makes one tiny
 * call. Without a model the built-in writer makes article briefs only; the page says so.
 */
export default function ModelPage() {
  const { t, ready } = useTranslation('model');
  const [values, setValues] = useState({ baseUrl: '', model: '', apiKey: '' });
  const load = useProviderSettings({
    onSucceeded: (s) => setValues({ baseUrl: s.llm_base_url, model: s.llm_model, apiKey: '' }),
  });
  const save = useSaveProvider({ onSucceeded: () => toaster.success({ title: t('model.saved') }) });
  const test = useTestProvider();
  const settings: ProviderSettings | null = save.result ?? load.result;

  const preset = useMemo(() => presetOf(values.baseUrl), [values.baseUrl]);
  if (!ready || (!load.result && load.state !== 'failed')) return <PageLoading />;

  // What a field shows and how it changes the settings, as the validated forms' field() gives it.
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onValueChange: (value: string) => setValues((v) => ({ ...v, [key]: value })),
  });
  const body = () => ({
    ...(values.baseUrl ? { llm_base_url: values.baseUrl.trim() } : {}),
    ...(values.model ? { llm_model: values.model.trim() } : {}),
    ...(values.apiKey ? { llm_api_key: values.apiKey } : {}),
  });
  const effective = settings?.effective;
  const connected = effective && effective.writer !== 'offline';

  return (
    <Stack gap="4" maxW="4xl">
      <PageHeader title={t('routes.article.model')} description={t('model.description')} />
      <FailureAlert failure={load.error} />
      <Alert.Root status={connected ? 'success' : 'warning'} data-testid="model-status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{connected ? t('model.connected', { model: effective.writer }) : t('model.notConnected')}</Alert.Title>
          <Alert.Description>{connected ? t(`model.source.${effective.writer_source}`) : t('model.briefsOnly')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>

      <Card.Root>
        <Card.Header>
          <Card.Title>{t('model.presets')}</Card.Title>
          <Card.Description>{t('model.presetsHint')}</Card.Description>
        </Card.Header>
        <Card.Body>
          <Wrap gap="2" role="group" aria-label={t('model.presets')}>
            {MODEL_PRESETS.map((p) => (
              <Button
                key={p.id}
                size="sm"
                variant={preset?.id === p.id ? 'solid' : 'outline'}
                onClick={() => setValues((v) => ({ baseUrl: p.baseUrl, model: p.model, apiKey: p.needsKey ? v.apiKey : '' }))}
              >
                {t(`model.preset.${p.id}`)}
                {p.local && (
                  <Badge size="xs" variant="subtle">
                    {t('model.local')}
                  </Badge>
                )}
                <PresetEconomyBadge preset={p} />
              </Button>
            ))}
          </Wrap>
          {preset && (
            <Stack mt="3" gap="1" textStyle="sm" color="fg.muted" data-testid="preset-note">
              <Text>{t(`model.presetNote.${preset.id}`)}</Text>
              <Text>
                <PresetEconomyNote preset={preset} />
              </Text>
            </Stack>
          )}
        </Card.Body>
      </Card.Root>

      <Card.Root
        as="form"
        aria-label={t('model.form')}
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          save.submit({
            llm_base_url: values.baseUrl.trim(),
            llm_model: values.model.trim(),
            ...(values.apiKey ? { llm_api_key: values.apiKey } : {}),
          });
        }}
      >
        <Card.Body>
          <Stack gap="4">
            <FailureAlert failure={save.error} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                name="llm_base_url"
                label={t('model.fields.baseUrl')}
                helperText={t('model.fields.baseUrlHint')}
                {...field('baseUrl')}
                inputMode="url"
              />
              <TextField name="llm_model" label={t('model.fields.model')} helperText={t('model.fields.modelHint')} {...field('model')} />
            </SimpleGrid>
            <PasswordField
              name="llm_api_key"
              label={t('model.fields.apiKey')}
              helperText={
                settings?.llm_api_key_hint
                  ? t('model.fields.apiKeySaved', { hint: settings.llm_api_key_hint })
                  : t('model.fields.apiKeyHint')
              }
              {...field('apiKey')}
              autoComplete="off"
            />
            {test.state === 'succeeded' && test.result && (
              <Alert.Root status="success" data-testid="model-test-result">
                <Alert.Indicator />
                <Alert.Title>
                  {t('model.testOk', { model: test.result.model, ms: test.result.latency_ms, reply: test.result.reply || '…' })}
                </Alert.Title>
              </Alert.Root>
            )}
            {test.state === 'failed' && <FailureAlert failure={test.error} />}
            <Flex gap="2" justify="flex-end" wrap="wrap">
              {settings?.llm_base_url && (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  loading={save.state === 'submitting'}
                  onClick={() => save.submit({ llm_base_url: '', llm_model: '', llm_api_key: null })}
                >
                  {t('model.disconnect')}
                </Button>
              )}
              <Button
                variant="outline"
                loading={test.state === 'submitting'}
                disabled={!values.baseUrl && !effective?.writer_source}
                onClick={() => test.submit(body())}
              >
                {t('model.test')}
              </Button>
              <Button type="submit" loading={save.state === 'submitting'} disabled={!values.baseUrl}>
                {t('model.save')}
              </Button>
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>
      <HStack textStyle="xs" color="fg.muted">
        <Text>{t('model.privacy')}</Text>
      </HStack>
    </Stack>
  );
}
