import { useMemo, useState } from 'react';
import { Button, Checkbox, Dialog, HStack, SimpleGrid, Stack, Text, Wrap, Badge } from '@chakra-ui/react';
import { Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../../contract/codes';
import type { PublishGenerateBody } from '../../../../contract/schemas/publishingTask';
import type { Site } from '../../../../contract/schemas/site';
import { toaster } from '../../../components/feedback/toaster';
import { DialogFormFooter } from '../../../components/form/DialogFormFooter';
import { FailureAlert } from '../../../components/form/FailureAlert';
import { TextField } from '../../../components/form/TextField';
import { required, type Rule } from '../../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../../components/form/useValidatedForm';
import { ModelNotice } from '../../../components/generation/ModelNotice';
import { KeywordPickerDialog } from './KeywordPickerDialog';
import { useGenerateQuote, usePublishGenerate } from '../api';
import { QuoteSummary } from '../../../components/points/QuoteSummary';
import { PublishSiteField, publishableSites } from '../../../components/publishing/PublishSiteField';
import {
  PUBLISHING_RULES,
  PublishingFields,
  publishingBody,
  publishingInitial,
  type PublishingValues,
} from '../../../components/publishing/PublishingFields';

type Values = PublishingValues & { site_id: string; name: string; word_count: string; min_seo_score: string };

const between =
  (min: number, max: number, key: string, when: (values: Values) => boolean = () => true): Rule<Values> =>
  (value, values) => {
    if (!when(values)) return null;
    const number = Number(value);
    return value !== '' && Number.isInteger(number) && number >= min && number <= max ? null : key;
  };

/** Shown chosen keywords, at most this many (the rest as "+N"). */
const SHOWN = 12;

interface PublishGenerateFormProps {
  sites: Site[];
  onCancel: () => void;
  onStarted: () => void;
}

/**
 * The generate dialog: write an article for each chosen keyword of a site and publish each as it is
 * written; opt-in, only those reaching a minimum SEO score (below it an article stays a draft and its
 * item says why). One call adds the generation task and its publishing task together.
 */
export function PublishGenerateForm({ sites, onCancel, onStarted }: PublishGenerateFormProps) {
  const { t } = useTranslation(['publishing', 'tasks']);
  const submission = usePublishGenerate({
    onSucceeded: ({ skipped }) => {
      toaster.success({
        title: t('publishing.generate.started'),
        description: skipped.length
          ? t('publishing.generate.skipped', {
              count: skipped.length,
              keywords: skipped.slice(0, 5).join(', ') + (skipped.length > 5 ? '…' : ''),
            })
          : undefined,
      });
      onStarted();
    },
  });
  const publishable = publishableSites(sites);
  const [seoGate, setSeoGate] = useState(false);
  const [images, setImages] = useState(true);
  const [economy, setEconomy] = useState(false);
  const [interactiveFallback, setInteractiveFallback] = useState(false);
  const rules = useMemo<FieldRules<Values>>(
    () => ({
      site_id: [required('publishing.validation.site')],
      word_count: [between(300, 5000, 'publishing.validation.wordCount')],
      min_seo_score: [between(0, 100, 'publishing.validation.minSeo', () => seoGate)],
      ...(PUBLISHING_RULES as FieldRules<Values>),
    }),
    [seoGate],
  );
  const initial = useMemo<Values>(
    () => ({
      site_id: publishable.length === 1 ? String(publishable[0].id) : '',
      name: '',
      word_count: '1000',
      min_seo_score: '70',
      ...publishingInitial(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form starts once
    [],
  );
  const form = useValidatedForm<Values>(initial, rules);
  const siteId = form.values.site_id;
  const [chosen, setChosen] = useState(() => new Map<number, string>());
  const [picking, setPicking] = useState(false);
  const [noKeywords, setNoKeywords] = useState(false);
  // Keywords belong to one site: another site starts afresh.
  const [keywordSite, setKeywordSite] = useState(siteId);
  if (keywordSite !== siteId) {
    setKeywordSite(siteId);
    setChosen(new Map());
  }

  const submit = (values: Values) => {
    if (chosen.size === 0) return setNoKeywords(true);
    const body: PublishGenerateBody = {
      site_id: Number(values.site_id),
      keyword_ids: [...chosen.keys()],
      word_count: Number(values.word_count),
      images,
      economy,
      ...(economy ? { interactive_fallback: interactiveFallback } : {}),
      ...(values.name ? { name: values.name } : {}),
      ...(seoGate ? { min_seo_score: Number(values.min_seo_score) } : {}),
      ...publishingBody(values),
    };
    submission.submit(body);
  };
  const names = [...chosen.values()];
  // With its site and keywords: the quote counts only the keywords the task will write.
  const price = useGenerateQuote(
    chosen.size ? { count: chosen.size, generate: true, images, economy, site_id: Number(siteId), keyword_ids: [...chosen.keys()] } : null,
  );

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={t('publishing.generate.title')}>
      <Dialog.Body>
        <Stack gap="4">
          <FailureAlert failure={submission.error?.code === ResultCode.NOT_ENOUGH_POINTS ? null : submission.error} />
          <ModelNotice onNavigate={onCancel} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <PublishSiteField sites={sites} {...form.field('site_id')} />
            <TextField label={t('tasks.fields.name')} helperText={t('publishing.generate.nameHint')} {...form.field('name')} />
          </SimpleGrid>
          <Stack gap="2">
            <Text textStyle="sm" fontWeight="medium">
              {t('publishing.generate.keywords')}
            </Text>
            <HStack gap="3">
              <Button size="sm" variant="outline" onClick={() => setPicking(true)} disabled={!siteId}>
                <Tags /> {t('publishing.generate.chooseKeywords')}
              </Button>
              <Text textStyle="sm" color={noKeywords && chosen.size === 0 ? 'fg.error' : 'fg.muted'} data-testid="chosen-keywords">
                {chosen.size
                  ? t('publishing.generate.chosen', { count: chosen.size })
                  : noKeywords
                    ? t('publishing.validation.keywords')
                    : siteId
                      ? t('publishing.generate.noneChosen')
                      : t('publishing.generate.siteFirst')}
              </Text>
            </HStack>
            {names.length > 0 && (
              <Wrap gap="1">
                {names.slice(0, SHOWN).map((name) => (
                  <Badge key={name} variant="subtle" colorPalette="gray">
                    {name}
                  </Badge>
                ))}
                {names.length > SHOWN && <Badge variant="outline">+{names.length - SHOWN}</Badge>}
              </Wrap>
            )}
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" alignItems="end">
            <TextField label={t('publishing.generate.wordCount')} inputMode="numeric" {...form.field('word_count')} />
            <Checkbox.Root checked={images} onCheckedChange={(details) => setImages(details.checked === true)} pb="2">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('publishing.generate.images')}</Checkbox.Label>
            </Checkbox.Root>
          </SimpleGrid>
          <Checkbox.Root checked={economy} onCheckedChange={(details) => setEconomy(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('publishing.generate.economy')}</Checkbox.Label>
          </Checkbox.Root>
          {economy && (
            <Stack gap="1">
              <Checkbox.Root checked={interactiveFallback} onCheckedChange={(details) => setInteractiveFallback(details.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('publishing.generate.interactiveFallback')}</Checkbox.Label>
              </Checkbox.Root>
              <Text textStyle="xs" color="fg.muted">
                {t('publishing.generate.interactiveFallbackHint')}
              </Text>
            </Stack>
          )}
          <Stack gap="2" borderWidth="1px" borderRadius="l2" p="3">
            <Checkbox.Root checked={seoGate} onCheckedChange={(details) => setSeoGate(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('publishing.generate.seoGate')}</Checkbox.Label>
            </Checkbox.Root>
            {seoGate && (
              <TextField label={t('publishing.generate.minSeo')} inputMode="numeric" maxW="40" {...form.field('min_seo_score')} />
            )}
            <Text textStyle="xs" color="fg.muted">
              {t('publishing.generate.seoHint')}
            </Text>
          </Stack>
          <PublishingFields siteId={siteId} values={form.values} field={form.field} />
          <QuoteSummary view={price} what="article" />
          <Text textStyle="xs" color="fg.muted">
            {t('publishing.generate.pointsHint')}
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogFormFooter onCancel={onCancel} submitting={submission.state === 'submitting'} submitLabel={t('publishing.generate.start')} />
      {picking && siteId && (
        <KeywordPickerDialog
          siteId={Number(siteId)}
          chosen={chosen}
          onClose={() => setPicking(false)}
          onChosen={(next) => {
            setChosen(next);
            setPicking(false);
          }}
        />
      )}
    </form>
  );
}
