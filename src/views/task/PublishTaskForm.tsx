import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { Button, Dialog, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../contract/codes';
import type { PublishTaskAddBody } from '../../../contract/schemas/publishTask';
import type { Category, Site } from '../../../contract/schemas/site';
import { useFormSubmission } from '../../app/useFormSubmission';
import { useListActor } from '../../app/useListActor';
import { toaster } from '../../components/feedback/toaster';
import { DialogFormFooter } from '../../components/form/DialogFormFooter';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import { TextField } from '../../components/form/TextField';
import { required, type Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import type { ListFilters } from '../../machines/list.machine';
import { publishTaskAdd } from '../../services/api/publishTask';
import { categoryList } from '../../services/api/site';
import { ArticlePickerDialog } from './ArticlePickerDialog';

type Values = {
  site_id: string;
  name: string;
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

const future = (key: string, when: (values: Values) => boolean): Rule<Values> => (value, values) => {
  if (!when(values)) return null;
  const at = new Date(value).getTime();
  return value && Number.isFinite(at) && at > Date.now() ? null : key;
};
const clock: Rule<Values> = (value, values) => (values.schedule !== 'drip' || /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(value) ? null : 'task.validation.time');
const RULES: FieldRules<Values> = {
  site_id: [required('task.validation.site')],
  run_at: [future('task.validation.runAt', (values) => values.schedule === 'at')],
  post_date: [future('task.validation.postDate', (values) => values.post_status === 'future')],
  per_day: [(value, values) => (values.schedule !== 'drip' || (Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= 100) ? null : 'task.validation.perDay')],
  drip_start: [clock],
  drip_end: [clock],
};

const categoryServices = {
  fetchPage: ({ filters }: { filters: ListFilters }) => (filters.site_id ? categoryList(Number(filters.site_id)) : Promise.resolve({ list: [], total: 0 })),
};

interface PublishTaskFormProps {
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
export function PublishTaskForm({ sites, articles, onCancel, onStarted }: PublishTaskFormProps) {
  const { t } = useTranslation('task');
  const submission = useFormSubmission(publishTaskAdd);
  const publishable = sites.filter((site) => site.type !== 'export');
  const initial = useMemo<Values>(
    () => ({
      site_id: publishable.length === 1 ? String(publishable[0].id) : '',
      name: '',
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
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form starts once
    [],
  );
  const form = useValidatedForm<Values>(initial, RULES);
  const [chosen, setChosen] = useState(() => articles ?? new Map<number, string>());
  const [picking, setPicking] = useState(false);
  const [noArticles, setNoArticles] = useState(false);
  const categories = useListActor<Category>(categoryServices, { filters: { site_id: form.values.site_id || undefined } });
  const categoryRows = useSelector(categories, (state) => state.context.rows) as unknown as Category[];
  const siteId = form.values.site_id;
  const reloadCategories = useEffectEvent(() => categories.send({ type: 'LIST.FILTER', filters: { site_id: siteId || undefined } }));
  useEffect(() => reloadCategories(), [siteId]);

  const announce = useEffectEvent(() => {
    toaster.success({ title: t('task.form.started') });
    onStarted();
  });
  useEffect(() => {
    if (submission.state === 'succeeded') announce();
  }, [submission.state]);

  const submit = (values: Values) => {
    if (chosen.size === 0) return setNoArticles(true);
    const iso = (local: string) => new Date(local).toISOString();
    const tags = values.tags.split(/[,，]/).map((tag) => tag.trim()).filter(Boolean);
    const body: PublishTaskAddBody = {
      site_id: Number(values.site_id),
      article_ids: [...chosen.keys()],
      post_status: values.post_status as PublishTaskAddBody['post_status'],
      schedule: values.schedule as PublishTaskAddBody['schedule'],
      ...(values.name ? { name: values.name } : {}),
      ...(values.post_status === 'future' ? { post_date: iso(values.post_date) } : {}),
      ...(values.category_id ? { category_id: Number(values.category_id) } : {}),
      ...(tags.length ? { tags } : {}),
      ...(values.schedule === 'at' ? { run_at: iso(values.run_at) } : {}),
      ...(values.schedule === 'drip' ? { per_day: Number(values.per_day), drip_start: values.drip_start, drip_end: values.drip_end, timezone: values.timezone } : {}),
    };
    submission.submit(body);
  };

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate aria-label={t('task.form.title')}>
      <Dialog.Body>
        <Stack gap="4">
          <FailureAlert failure={submission.error?.code === ResultCode.NOT_ENOUGH_POINTS ? null : submission.error} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <SelectField
              label={t('task.fields.site')}
              options={[{ value: '', label: t('task.form.chooseSite') }, ...publishable.map((site) => ({ value: String(site.id), label: site.name }))]}
              {...form.field('site_id')}
            />
            <TextField label={t('task.fields.name')} helperText={t('task.form.nameHint')} {...form.field('name')} />
          </SimpleGrid>
          <Stack gap="1">
            <Text textStyle="sm" fontWeight="medium">
              {t('task.fields.articles')}
            </Text>
            <HStack gap="3">
              <Button size="sm" variant="outline" onClick={() => setPicking(true)}>
                <ListChecks /> {t('task.form.chooseArticles')}
              </Button>
              <Text textStyle="sm" color={noArticles && chosen.size === 0 ? 'fg.error' : 'fg.muted'} data-testid="chosen-articles">
                {chosen.size ? t('task.form.chosen', { count: chosen.size }) : noArticles ? t('task.validation.articles') : t('task.form.noneChosen')}
              </Text>
            </HStack>
          </Stack>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <SelectField
              label={t('task.fields.postStatus')}
              options={(['draft', 'publish', 'future'] as const).map((status) => ({ value: status, label: t(`task.postStatus.${status}`) }))}
              {...form.field('post_status')}
            />
            {form.values.post_status === 'future' && <TextField label={t('task.fields.postDate')} type="datetime-local" {...form.field('post_date')} />}
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <SelectField
              label={t('task.fields.category')}
              options={[{ value: '', label: t('task.form.noCategory') }, ...categoryRows.map((category) => ({ value: String(category.id), label: category.name }))]}
              {...form.field('category_id')}
            />
            <TextField label={t('task.fields.tags')} helperText={t('task.form.tagsHint')} {...form.field('tags')} />
          </SimpleGrid>
          <SelectField
            label={t('task.fields.schedule')}
            options={[
              { value: 'now', label: t('task.schedule.now') },
              { value: 'at', label: t('task.schedule.atLabel') },
              { value: 'drip', label: t('task.schedule.dripLabel') },
            ]}
            {...form.field('schedule')}
          />
          {form.values.schedule === 'at' && <TextField label={t('task.fields.runAt')} type="datetime-local" {...form.field('run_at')} />}
          {form.values.schedule === 'drip' && (
            <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
              <TextField label={t('task.fields.perDay')} inputMode="numeric" {...form.field('per_day')} />
              <TextField label={t('task.fields.dripStart')} type="time" {...form.field('drip_start')} />
              <TextField label={t('task.fields.dripEnd')} type="time" {...form.field('drip_end')} />
              <TextField label={t('task.fields.timezone')} {...form.field('timezone')} />
            </SimpleGrid>
          )}
          <Text textStyle="xs" color="fg.muted">
            {t('task.form.pointsHint')}
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogFormFooter onCancel={onCancel} submitting={submission.state === 'submitting'} submitLabel={t('task.form.start')} />
      {picking && (
        <ArticlePickerDialog
          siteId={siteId ? Number(siteId) : null}
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
