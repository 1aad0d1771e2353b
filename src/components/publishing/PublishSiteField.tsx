import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { SelectField } from '../form/SelectField';

/** The sites that take posts: an export site is downloaded, never published to. */
export const publishableSites = (sites: readonly Site[]) => sites.filter((site) => site.type !== 'export');

type FieldProps = Omit<React.ComponentProps<typeof SelectField>, 'label' | 'options' | 'helperText'>;

/**
 * The site a publishing task posts to: every site of the account that takes posts; the ones that
 * cannot (export sites) are named under the select with why, and an account with none is told so.
 */
export function PublishSiteField({ sites, ...field }: FieldProps & { sites: readonly Site[] }) {
  const { t } = useTranslation(['publishing', 'tasks']);
  const publishable = publishableSites(sites);
  const exportOnly = sites.filter((site) => site.type === 'export').map((site) => site.name);
  const helperText = !publishable.length
    ? t('publishing.form.noPublishable')
    : exportOnly.length
      ? t('publishing.form.exportSites', { names: exportOnly.join(t('publishing.form.nameSeparator')) })
      : undefined;
  return (
    <SelectField
      label={t('tasks.fields.site')}
      options={[
        { value: '', label: t('publishing.form.chooseSite') },
        ...publishable.map((site) => ({ value: String(site.id), label: site.name })),
      ]}
      helperText={helperText}
      {...field}
    />
  );
}
