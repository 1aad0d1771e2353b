import { useMemo } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PROMPT_KINDS, PROMPT_VARIABLES, type Prompt } from '../../../contract/schemas/prompt';
import { toaster } from '../../components/feedback/toaster';
import { DialogForm } from '../../components/form/DialogForm';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { TextField } from '../../components/form/TextField';
import { required } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { usePreviewPrompt, useSavePrompt } from './api';

type PromptValues = { kind: string; name: string; content: string };
const RULES: FieldRules<PromptValues> = { name: [required('prompt.validation.name')], content: [required('prompt.validation.content')] };

/** Name, kind and template; the variables to insert; the template filled with sample values. */
export function PromptForm({
  prompt,
  onCancel,
  onSaved,
}: {
  prompt: Prompt | null;
  onCancel: () => void;
  onSaved: (prompt: Prompt) => void;
}) {
  const { t } = useTranslation('prompt');
  const readOnly = prompt?.built_in === true;
  const submission = useSavePrompt({
    onSucceeded: (saved) => {
      toaster.success({ title: t('prompt.form.saved') });
      onSaved(saved);
    },
  });
  const preview = usePreviewPrompt();
  const initial = useMemo<PromptValues>(
    () => ({ kind: prompt?.kind ?? 'article', name: prompt?.name ?? '', content: prompt?.content ?? '' }),
    [prompt],
  );
  const form = useValidatedForm<PromptValues>(initial, RULES);

  const insert = (name: string) => form.setValue('content', `${form.values.content}{${name}}`);
  // The server names unknown variables; its refusal shows under the template.
  const contentError = submission.error?.msg ?? preview.error?.msg ?? null;

  return (
    <DialogForm
      label={t('prompt.form.label')}
      onSubmit={form.handleSubmit((values) => submission.submit({ id: prompt?.id ?? null, values }))}
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
      readOnly={readOnly}
    >
      {readOnly && (
        <Text textStyle="sm" color="fg.muted">
          {t('prompt.form.builtInHint')}
        </Text>
      )}
      <HStack gap="3" align="flex-start">
        <TextField label={t('prompt.fields.name')} readOnly={readOnly} {...form.field('name')} />
        <SelectField
          label={t('prompt.fields.kind')}
          disabled={prompt !== null}
          options={PROMPT_KINDS.map((kind) => ({ value: kind, label: t(`prompt.kinds.${kind}`) }))}
          {...form.field('kind')}
        />
      </HStack>
      <TextAreaField
        label={t('prompt.fields.content')}
        rows={8}
        fontFamily="mono"
        textStyle="sm"
        readOnly={readOnly}
        serverError={contentError}
        {...form.field('content')}
      />
      <Box>
        <Text textStyle="sm" fontWeight="medium" mb="1.5">
          {t('prompt.variables.heading')}
        </Text>
        <Stack gap="1" textStyle="xs">
          {PROMPT_VARIABLES.map((name) => (
            <HStack key={name} gap="2">
              <Button
                size="2xs"
                variant="subtle"
                fontFamily="mono"
                disabled={readOnly}
                onClick={() => insert(name)}
                aria-label={t('prompt.variables.insert', { name: `{${name}}` })}
              >
                {`{${name}}`}
              </Button>
              <Text color="fg.muted">{t(`prompt.variables.${name}`)}</Text>
            </HStack>
          ))}
        </Stack>
      </Box>
      <Stack gap="2">
        <HStack justify="space-between">
          <Text textStyle="sm" fontWeight="medium">
            {t('prompt.preview.title')}
          </Text>
          <Button
            size="xs"
            variant="outline"
            loading={preview.state === 'submitting'}
            disabled={!form.values.content.trim()}
            onClick={() => preview.submit({ content: form.values.content })}
          >
            {t('prompt.preview.run')}
          </Button>
        </HStack>
        {preview.result && (
          <Box
            as="pre"
            data-testid="prompt-preview"
            p="3"
            borderWidth="1px"
            borderRadius="md"
            bg="bg.subtle"
            textStyle="xs"
            whiteSpace="pre-wrap"
            maxH="48"
            overflow="auto"
          >
            {preview.result.text}
          </Box>
        )}
      </Stack>
    </DialogForm>
  );
}
