import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { SiteKeywords } from './SiteKeywords';

/** A site's keywords: the list (used or not), add or paste, import a file, delete. */
export function SiteKeywordsDialog({ open, site, onClose }: { open: boolean; site: Site; onClose: () => void }) {
  const { t } = useTranslation('site');
  return (
    <FormDialog open={open} onClose={onClose} title={t('site.keywords.title', { name: site.name })} size="lg">
      <SiteKeywords site={site} />
    </FormDialog>
  );
}
