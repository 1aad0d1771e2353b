import { useMemo } from 'react';
import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ArticleDetail } from '../../../contract/schemas/article';
import type { Site } from '../../../contract/schemas/site';
import { toaster } from '../../components/feedback/toaster';
import { FailureAlert } from '../../components/form/FailureAlert';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { TextField } from '../../components/form/TextField';
import { required, type Rule } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { useSaveArticle, useSiteAuthors } from './api';
import { DialogForm } from '../../components/form/DialogForm';

type ArticleValues = {
  title: string;
  keyword: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  site_id: string;
  status: string;
  format: string;
  body: string;
  wp_categories: string;
  wp_tags: string;
  wp_author: string;
  excerpt: string;
  canonical_url: string;
};

const SLUG: Rule<unknown> = (value) => (!value || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value) ? null : 'article.validation.slug');
const MAX =
  (length: number): Rule<unknown> =>
  (value) =>
    value.length <= length ? null : 'article.validation.tooLong';
/** Names separated by commas (either width) or lines, each once. */
const names = (text: string) =>
  text
    .split(/[,，\n]/)
    .map((n) => n.trim())
    .filter((n, i, all) => n && all.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i);
const NAMES =
  (most: number): Rule<unknown> =>
  (value) =>
    names(value).length > most
      ? 'article.validation.tooMany'
      : names(value).some((n) => n.length > 100)
        ? 'article.validation.tooLong'
        : null;
const AUTHOR: Rule<unknown> = (value) => (/^[A-Za-z0-9 _.@-]*$/.test(value) ? null : 'article.validation.author');
const CANONICAL: Rule<unknown> = (value) => (!value || /^https?:\/\/\S+$/.test(value) ? null : 'article.validation.canonical');

const RULES: FieldRules<ArticleValues> = {
  title: [required('article.validation.title'), MAX(300)],
  slug: [SLUG, MAX(100)],
  meta_title: [MAX(120)],
  meta_description: [MAX(320)],
  body: [required('article.validation.body')],
  wp_categories: [NAMES(10)],
  wp_tags: [NAMES(30)],
  wp_author: [AUTHOR, MAX(60)],
  excerpt: [MAX(1000)],
  canonical_url: [CANONICAL, MAX(2000)],
};

/** The fields of an article; the body is HTML or Markdown (the server sanitises and renders it). */
export function ArticleForm({
  article,
  sites,
  onCancel,
  onSaved,
}: {
  article: ArticleDetail | null;
  sites: Site[];
  onCancel: () => void;
  onSaved: (article: ArticleDetail | null) => void;
}) {
  const { t } = useTranslation('article');
  const submission = useSaveArticle({
    onSucceeded: (saved) => {
      toaster.success({ title: t('article.form.saved') });
      onSaved(saved);
    },
  });
  const initial = useMemo<ArticleValues>(
    () => ({
      title: article?.title ?? '',
      keyword: article?.keyword ?? '',
      slug: article?.slug ?? '',
      meta_title: article?.meta_title ?? '',
      meta_description: article?.meta_description ?? '',
      site_id: article?.site_id ? String(article.site_id) : '',
      status: article?.status === 'ready' ? 'ready' : 'draft',
      format: article ? 'html' : 'markdown',
      body: article?.body ?? '',
      wp_categories: article?.wordpress.categories.join(', ') ?? '',
      wp_tags: article?.wordpress.tags.join(', ') ?? '',
      wp_author: article?.wordpress.author ?? '',
      excerpt: article?.wordpress.excerpt ?? '',
      canonical_url: article?.wordpress.canonical_url ?? '',
    }),
    [article],
  );
  const form = useValidatedForm<ArticleValues>(initial, RULES);

  const submit = (values: ArticleValues) =>
    submission.submit({
      id: article?.id ?? null,
      body: {
        title: values.title,
        body: values.body,
        format: values.format as 'html' | 'markdown',
        status: values.status as 'draft' | 'ready',
        ...(values.keyword ? { keyword: values.keyword } : {}),
        ...(values.slug ? { slug: values.slug } : {}),
        meta_title: values.meta_title,
        meta_description: values.meta_description,
        site_id: values.site_id ? Number(values.site_id) : null,
        wordpress: {
          categories: names(values.wp_categories),
          tags: names(values.wp_tags),
          author: values.wp_author.trim(),
          excerpt: values.excerpt.trim(),
          canonical_url: values.canonical_url.trim(),
        },
      },
    });

  const site = sites.find((s) => String(s.id) === form.values.site_id);
  const users = useSiteAuthors(site?.type === 'wordpress' ? site.id : null).result ?? [];
  const authors = [
    { value: '', label: t('article.form.defaultAuthor') },
    ...users.map((u) => ({ value: u.login, label: `${u.name || u.login} (${u.login})` })),
    // One typed before (or by id) that the list does not name stays chosen.
    ...(form.values.wp_author && !users.some((u) => u.login === form.values.wp_author)
      ? [{ value: form.values.wp_author, label: form.values.wp_author }]
      : []),
  ];

  const canChangeStatus = !article || article.status === 'draft' || article.status === 'ready';
  return (
    <DialogForm
      label={t(article ? 'article.form.editTitle' : 'article.form.addTitle')}
      onSubmit={form.handleSubmit(submit)}
      gap="3"
      onCancel={onCancel}
      submitting={submission.state === 'submitting'}
    >
      <FailureAlert failure={submission.error} />
      <TextField label={t('article.fields.title')} {...form.field('title')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <TextField label={t('article.fields.keyword')} {...form.field('keyword')} />
        <TextField label={t('article.fields.slug')} helperText={t('article.form.slugHint')} {...form.field('slug')} />
        <SelectField
          label={t('article.fields.site')}
          blank={t('article.form.noSite')}
          options={sites.map((site) => ({ value: String(site.id), label: site.name }))}
          {...form.field('site_id')}
        />
        <SelectField
          label={t('article.fields.status')}
          disabled={!canChangeStatus}
          options={(['draft', 'ready'] as const).map((value) => ({ value, label: t(`article.status.${value}`) }))}
          {...form.field('status')}
        />
      </SimpleGrid>
      <TextField label={t('article.fields.metaTitle')} {...form.field('meta_title')} />
      <TextAreaField
        label={t('article.fields.metaDescription')}
        rows={2}
        helperText={t('article.form.metaHint', { count: form.values.meta_description.length })}
        {...form.field('meta_description')}
      />
      <SelectField
        label={t('article.fields.format')}
        options={[
          { value: 'markdown', label: 'Markdown' },
          { value: 'html', label: 'HTML' },
        ]}
        {...form.field('format')}
      />
      <TextAreaField label={t('article.fields.body')} rows={10} fontFamily="mono" textStyle="sm" {...form.field('body')} />
      <Fieldset.Root>
        <Fieldset.Legend>{t('article.form.wordpressTitle')}</Fieldset.Legend>
        <Fieldset.HelperText>{t('article.form.wordpressHint')}</Fieldset.HelperText>
        <Fieldset.Content>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <TextField label={t('article.fields.wpCategories')} helperText={t('article.form.namesHint')} {...form.field('wp_categories')} />
            <TextField label={t('article.fields.wpTags')} helperText={t('article.form.namesHint')} {...form.field('wp_tags')} />
            {users.length > 0 ? (
              <SelectField label={t('article.fields.wpAuthor')} options={authors} {...form.field('wp_author')} />
            ) : (
              <TextField label={t('article.fields.wpAuthor')} helperText={t('article.form.authorHint')} {...form.field('wp_author')} />
            )}
            <TextField
              label={t('article.fields.canonicalUrl')}
              helperText={t('article.form.canonicalHint')}
              {...form.field('canonical_url')}
            />
          </SimpleGrid>
          <TextAreaField
            label={t('article.fields.excerpt')}
            rows={2}
            helperText={t('article.form.excerptHint')}
            {...form.field('excerpt')}
          />
        </Fieldset.Content>
      </Fieldset.Root>
    </DialogForm>
  );
}
