import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { SiteCategories } from './SiteCategories';

/** A site's article categories: add one, fetch them from WordPress, choose the default. */
export function SiteCategoryDialog({ open, site, onClose }: { open: boolean; site: Site; onClose: () => void }) {
  const { t } = useTranslation('site');
  return (
    <FormDialog open={open} onClose={onClose} title={t('site.categories.title', { name: site.name })} size="md">
      <SiteCategories site={site} />
    </FormDialog>
  );
}
