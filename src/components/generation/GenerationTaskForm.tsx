import { useMemo, useState } from 'react';
import { Checkbox, Dialog, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../contract/codes';
import type { Site } from '../../../contract/schemas/site';
import { toaster } from '../feedback/toaster';
import { FailureAlert } from '../form/FailureAlert';
import { SelectField } from '../form/SelectField';
import { TextAreaField } from '../form/TextAreaField';
import { TextField } from '../form/TextField';
import { required, type Rule } from '../form/rules';
import { useValidatedForm, type FieldRules } from '../form/useValidatedForm';
import { useArticlePrompts, useGenerationQuote, useStartGeneration } from './api';
import { DialogFormFooter } from '../form/DialogFormFooter';
import { ModelNotice } from './ModelNotice';
import { QuoteSummary } from '../points/QuoteSummary';
import type { GenerationTaskQuoteBody } from '../../../contract/schemas/quote';

type TaskValues = {
  site_id: string;
  name: string;
  keywords: string;
  count: string;
  language: string;
  word_count: string;
  prompt_id: string;
};

const between =
  (min: number, max: number, key: string): Rule<unknown> =>
  (value) => {
    const number = Number(value);
    return Number.isInteger(number) && number >= min && number <= max ? null : key;
  };
const RULES: FieldRules<TaskValues> = {
  site_id: [required('generation.validation.site')],
  count: [between(1, 10_000, 'generation.validation.count')],
  word_count: [between(300, 5000, 'generation.validation.wordCount')],
};

/**
 * The quote of the task the form would add: with its site, the same keywords (the server leaves out
 * those it would skip, as the add does); without, the count asked (`count` caps a pasted list). Null
 * while the count is not a number the task takes.
 */
function quoteOf(values: TaskValues, images: boolean, economy: boolean, includeWritten: boolean): GenerationTaskQuoteBody | null {
  const asked = Number(values.count);
  if (!Number.isInteger(asked) || asked < 1 || asked > 10_000) return null;
  if (values.site_id)
    return {
      count: asked,
      site_id: Number(values.site_id),
      ...(values.keywords.trim() ? { keywords: values.keywords } : {}),
      include_written: includeWritten,
      images,
      economy,
    };
  const pasted = values.keywords.split(/\r\n|\r|\n/).filter((line) => line.trim()).length;
  return { count: pasted ? Math.min(pasted, asked) : asked, images, economy };
}

/** The prompts a task may write with. */

interface GenerationTaskFormProps {
  /** The site the task is for; without it the user picks one of `sites`. */
  site?: Site;
  sites?: Site[];
  onCancel: () => void;
  onStarted: () => void;
}

/**
 * A generation task: site, keywords (pasted, or the site's unused ones), prompt, language,
 * length, images, count. With too few points the server refuses (ResultCode.NOT_ENOUGH_POINTS) and the request
 * layer shows the dialog that leads to the account page.
 */
export function GenerationTaskForm({ site, sites = [], onCancel, onStarted }: GenerationTaskFormProps) {
  const { t } = useTranslation(['generation', 'tasks']);
  const submission = useStartGeneration({
    onSucceeded: ({ skipped }) => {
      toaster.success({
        title: t('generation.form.started'),
        description: skipped.length
          ? t('generation.form.skipped', {
              count: skipped.length,
              keywords: skipped.slice(0, 5).join(', ') + (skipped.length > 5 ? '…' : ''),
            })
          : undefined,
      });
      onStarted();
    },
  });
  const promptRows = useArticlePrompts().result?.list ?? [];
  const [images, setImages] = useState(true);
  const [includeWritten, setIncludeWritten] = useState(false);
  const [economy, setEconomy] = useState(false);
  const [interactiveFallback, setInteractiveFallback] = useState(false);
  const initial = useMemo<TaskValues>(
    () => ({
      site_id: site ? String(site.id) : '',
      name: '',
      keywords: '',
      count: String(Math.max(1, Math.min(site?.unused_keyword_count || 10, 100))),
      language: site?.language ?? '',
      word_count: '1000',
      prompt_id: '',
    }),
    [site],
  );
  const form = useValidatedForm<TaskValues>(initial, RULES);
  const chosen = site ?? sites.find((candidate) => String(candidate.id) === form.values.site_id);
  const price = useGenerationQuote(quoteOf(form.values, images, economy, includeWritten));

  const submit = (values: TaskValues) =>
    submission.submit({
      site_id: Number(values.site_id),
      ...(values.name ? { name: values.name } : {}),
      ...(values.keywords ? { keywords: values.keywords } : {}),
      count: Number(values.count),
      ...(values.language ? { language: values.language } : {}),
      word_count: Number(values.word_count),
      images,
      include_written: includeWritten,
      economy,
      ...(economy ? { interactive_fallback: interactiveFallback } : {}),
      ...(values.prompt_id ? { prompt_ids: { article: Number(values.prompt_id) } } : {}),
    });

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={t('generation.form.title')}>
      <Dialog.Body>
        <Stack gap="4">
          {/* Too few points: the request layer's dialog (with its way to /account) says so instead. */}
          <FailureAlert failure={submission.error?.code === ResultCode.NOT_ENOUGH_POINTS ? null : submission.error} />
          <ModelNotice onNavigate={onCancel} />
          {!site && (
            <SelectField
              label={t('tasks.fields.site')}
              options={[
                { value: '', label: t('generation.form.chooseSite') },
                ...sites.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
              ]}
              {...form.field('site_id')}
            />
          )}
          <TextField label={t('tasks.fields.name')} helperText={t('generation.form.nameHint')} {...form.field('name')} />
          <TextAreaField
            label={t('generation.fields.keywords')}
            rows={4}
            placeholder={t('generation.form.keywordsPlaceholder')}
            helperText={
              chosen ? t('generation.form.keywordsHint', { unused: chosen.unused_keyword_count }) : t('generation.form.keywordsHintNoSite')
            }
            {...form.field('keywords')}
          />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <TextField label={t('generation.fields.count')} inputMode="numeric" {...form.field('count')} />
            <TextField label={t('generation.fields.wordCount')} inputMode="numeric" {...form.field('word_count')} />
            <TextField
              label={t('generation.fields.language')}
              placeholder={chosen?.language ?? 'en'}
              helperText={t('generation.form.languageHint')}
              {...form.field('language')}
            />
          </SimpleGrid>
          <SelectField
            label={t('generation.fields.prompt')}
            options={[
              { value: '', label: t('generation.form.defaultPrompt') },
              ...promptRows.filter((prompt) => !prompt.built_in).map((prompt) => ({ value: String(prompt.id), label: prompt.name })),
            ]}
            {...form.field('prompt_id')}
          />
          <Checkbox.Root checked={images} onCheckedChange={(details) => setImages(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('generation.fields.images')}</Checkbox.Label>
          </Checkbox.Root>
          <Stack gap="1">
            <Checkbox.Root checked={includeWritten} onCheckedChange={(details) => setIncludeWritten(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('generation.fields.includeWritten')}</Checkbox.Label>
            </Checkbox.Root>
            <Text textStyle="xs" color="fg.muted">
              {t('generation.form.includeWrittenHint')}
            </Text>
          </Stack>
          <Stack gap="1">
            <Checkbox.Root checked={economy} onCheckedChange={(details) => setEconomy(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('generation.fields.economy')}</Checkbox.Label>
            </Checkbox.Root>
            <Text textStyle="xs" color="fg.muted">
              {t('generation.form.economyHint')}
            </Text>
          </Stack>
          {economy && (
            <Stack gap="1">
              <Checkbox.Root checked={interactiveFallback} onCheckedChange={(details) => setInteractiveFallback(details.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('generation.fields.interactiveFallback')}</Checkbox.Label>
              </Checkbox.Root>
              <Text textStyle="xs" color="fg.muted">
                {t('generation.form.interactiveFallbackHint')}
              </Text>
            </Stack>
          )}
          <QuoteSummary view={price} what="article" />
          <Text textStyle="xs" color="fg.muted">
            {t('generation.form.pointsHint')}
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogFormFooter onCancel={onCancel} submitting={submission.state === 'submitting'} submitLabel={t('generation.form.start')} />
    </form>
  );
}
