import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { SiteForm } from './SiteForm';

interface SiteFormDialogProps {
  open: boolean;
  /** The site being edited; null adds one. */
  site: Site | null;
  onClose: () => void;
  onSaved: (site: Site) => void;
}

/** Add or edit a site. */
export function SiteFormDialog({ open, site, onClose, onSaved }: SiteFormDialogProps) {
  const { t } = useTranslation('site');
  return (
    <FormDialog open={open} onClose={onClose} title={t(site ? 'site.form.editTitle' : 'site.form.addTitle')} size="md">
      <SiteForm site={site} onCancel={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}
