import { useMemo, useState } from 'react';
import { Dialog, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../contract/codes';
import type { PublishingTaskAddBody } from '../../../contract/schemas/publishingTask';
import type { Site } from '../../../contract/schemas/site';
import { toaster } from '../feedback/toaster';
import { DialogFormFooter } from '../form/DialogFormFooter';
import { FailureAlert } from '../form/FailureAlert';
import { TextField } from '../form/TextField';
import { required } from '../form/rules';
import { useValidatedForm, type FieldRules } from '../form/useValidatedForm';
import { usePublish, usePublishQuote } from './api';
import { ArticlesField } from './ArticlesField';
import { QuoteSummary } from '../points/QuoteSummary';
import { PUBLISHING_RULES, PublishingFields, publishingBody, publishingInitial, type PublishingValues } from './PublishingFields';
import { PublishSiteField, publishableSites } from './PublishSiteField';

type Values = PublishingValues & { site_id: string; name: string };

const RULES: FieldRules<Values> = {
  site_id: [required('publishing.validation.site')],
  ...(PUBLISHING_RULES as FieldRules<Values>),
};

interface PublishingTaskFormProps {
  sites: Site[];
  /** Articles chosen before the form opened (from the article list). */
  articles?: Map<number, string>;
  onCancel: () => void;
  onStarted: () => void;
}

/**
 * A publishing task: site, articles (the picker), what they become on the site (draft, published,
 * scheduled at a post date), category, tags, and the schedule (now, at a time, N a day between
 * two times in a time zone).
 */
export function PublishingTaskForm({ sites, articles, onCancel, onStarted }: PublishingTaskFormProps) {
  const { t } = useTranslation(['publishing', 'tasks']);
  const submission = usePublish({
    onSucceeded: () => {
      toaster.success({ title: t('publishing.form.started') });
      onStarted();
    },
  });
  const publishable = publishableSites(sites);
  const initial = useMemo<Values>(
    () => ({
      site_id: publishable.length === 1 ? String(publishable[0].id) : '',
      name: '',
      ...publishingInitial(),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form starts once
    [],
  );
  const form = useValidatedForm<Values>(initial, RULES);
  const [chosen, setChosen] = useState(() => articles ?? new Map<number, string>());
  const [noArticles, setNoArticles] = useState(false);
  const siteId = form.values.site_id;
  const price = usePublishQuote(chosen.size ? { count: chosen.size } : null);

  const submit = (values: Values) => {
    if (chosen.size === 0) return setNoArticles(true);
    const body: PublishingTaskAddBody = {
      site_id: Number(values.site_id),
      article_ids: [...chosen.keys()],
      ...(values.name ? { name: values.name } : {}),
      ...publishingBody(values),
    };
    submission.submit(body);
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={t('publishing.form.title')}>
      <Dialog.Body>
        <Stack gap="4">
          <FailureAlert failure={submission.error?.code === ResultCode.NOT_ENOUGH_POINTS ? null : submission.error} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <PublishSiteField sites={sites} {...form.field('site_id')} />
            <TextField label={t('tasks.fields.name')} helperText={t('publishing.form.nameHint')} {...form.field('name')} />
          </SimpleGrid>
          <ArticlesField sites={sites} chosen={chosen} onChosen={setChosen} missing={noArticles} testId="chosen-articles" />
          <PublishingFields siteId={siteId} values={form.values} field={form.field} />
          <QuoteSummary view={price} what="publication" />
          {/* Free publishing charges nothing: a hint about deducting points would contradict the quote. */}
          {price.quote?.per_item !== 0 && (
            <Text textStyle="xs" color="fg.muted">
              {t('publishing.form.pointsHint')}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <DialogFormFooter onCancel={onCancel} submitting={submission.state === 'submitting'} submitLabel={t('publishing.form.start')} />
    </form>
  );
}
