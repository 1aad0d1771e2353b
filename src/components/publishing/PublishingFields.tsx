import { SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PublishingTaskAddBody } from '../../../contract/schemas/publishingTask';
import { DateTimeField } from '../form/DateTimeField';
import { SelectField } from '../form/SelectField';
import { TextField } from '../form/TextField';
import type { Rule } from '../form/rules';
import type { FieldRules } from '../form/useValidatedForm';
import { useSiteCategories } from './api';

/** What a publishing task makes of its articles on the site, and when: shared by the add and generate dialogs. */
export type PublishingValues = {
  post_status: string;
  post_date: string;
  category_id: string;
  tags: string;
  schedule: string;
  run_at: string;
  per_day: string;
  drip_start: string;
  drip_end: string;
  timezone: string;
};

export const publishingInitial = (): PublishingValues => ({
  post_status: 'draft',
  post_date: '',
  category_id: '',
  tags: '',
  schedule: 'now',
  run_at: '',
  per_day: '3',
  drip_start: '09:00',
  drip_end: '18:00',
  timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

const future =
  (key: string, when: (values: PublishingValues) => boolean): Rule<PublishingValues> =>
  (value, values) => {
    if (!when(values)) return null;
    const at = new Date(value).getTime();
    return value && Number.isFinite(at) && at > Date.now() ? null : key;
  };
const clock: Rule<PublishingValues> = (value, values) =>
  values.schedule !== 'drip' || /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value) ? null : 'publishing.validation.time';
export const PUBLISHING_RULES: FieldRules<PublishingValues> = {
  run_at: [future('publishing.validation.runAt', (values) => values.schedule === 'at')],
  post_date: [future('publishing.validation.postDate', (values) => values.post_status === 'future')],
  per_day: [
    (value, values) =>
      values.schedule !== 'drip' || (Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 100)
        ? null
        : 'publishing.validation.perDay',
  ],
  drip_start: [clock],
  drip_end: [clock],
};

type PublishingBody = Pick<
  PublishingTaskAddBody,
  'post_status' | 'post_date' | 'category_id' | 'tags' | 'schedule' | 'run_at' | 'per_day' | 'drip_start' | 'drip_end' | 'timezone'
>;

/** The request fields of these values (local date-times sent as instants). */
export function publishingBody(values: PublishingValues): PublishingBody {
  const iso = (local: string) => new Date(local).toISOString();
  const tags = values.tags
    .split(/[,，]/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  return {
    post_status: values.post_status as PublishingTaskAddBody['post_status'],
    schedule: values.schedule as PublishingTaskAddBody['schedule'],
    ...(values.post_status === 'future' ? { post_date: iso(values.post_date) } : {}),
    ...(values.category_id ? { category_id: Number(values.category_id) } : {}),
    ...(tags.length ? { tags } : {}),
    ...(values.schedule === 'at' ? { run_at: iso(values.run_at) } : {}),
    ...(values.schedule === 'drip'
      ? { per_day: Number(values.per_day), drip_start: values.drip_start, drip_end: values.drip_end, timezone: values.timezone }
      : {}),
  };
}

type FieldProps = { name: string; value: string; error?: string; onValueChange: (value: string) => void };

interface PublishingFieldsProps {
  siteId: string;
  values: PublishingValues;
  field: (name: keyof PublishingValues) => FieldProps;
}

/** Post status (and date), the site's category, tags and the schedule (now, at a time, N a day between two times). */
export function PublishingFields({ siteId, values, field }: PublishingFieldsProps) {
  const { t } = useTranslation('publishing');
  const categoryRows = useSiteCategories(siteId).result?.list ?? [];
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <SelectField
          label={t('publishing.fields.postStatus')}
          options={(['draft', 'publish', 'future'] as const).map((status) => ({
            value: status,
            label: t(`publishing.postStatus.${status}`),
          }))}
          {...field('post_status')}
        />
        {values.post_status === 'future' && <DateTimeField label={t('publishing.fields.postDate')} {...field('post_date')} />}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <SelectField
          label={t('publishing.fields.category')}
          options={[
            { value: '', label: t('publishing.form.noCategory') },
            ...categoryRows.map((category) => ({ value: String(category.id), label: category.name })),
          ]}
          {...field('category_id')}
        />
        <TextField label={t('publishing.fields.tags')} helperText={t('publishing.form.tagsHint')} {...field('tags')} />
      </SimpleGrid>
      <SelectField
        label={t('publishing.fields.schedule')}
        options={[
          { value: 'now', label: t('publishing.schedule.now') },
          { value: 'at', label: t('publishing.schedule.atLabel') },
          { value: 'drip', label: t('publishing.schedule.dripLabel') },
        ]}
        {...field('schedule')}
      />
      {values.schedule === 'at' && <DateTimeField label={t('publishing.fields.runAt')} {...field('run_at')} />}
      {values.schedule === 'drip' && (
        <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
          <TextField label={t('publishing.fields.perDay')} inputMode="numeric" {...field('per_day')} />
          <TextField label={t('publishing.fields.dripStart')} type="time" {...field('drip_start')} />
          <TextField label={t('publishing.fields.dripEnd')} type="time" {...field('drip_end')} />
          <TextField label={t('publishing.fields.timezone')} {...field('timezone')} />
        </SimpleGrid>
      )}
    </>
  );
}
