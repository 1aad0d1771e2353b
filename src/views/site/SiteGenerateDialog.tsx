import { useTranslation } from 'react-i18next';
import type { Site } from '../../../contract/schemas/site';
import { FormDialog } from '../../components/feedback/FormDialog';
import { GenerationTaskForm } from '../../components/generation/GenerationTaskForm';

/** Starts a generation task for this site's unused keywords. */
export function SiteGenerateDialog({
  open,
  site,
  onClose,
  onStarted,
}: {
  open: boolean;
  site: Site;
  onClose: () => void;
  onStarted: () => void;
}) {
  const { t } = useTranslation(['site', 'generation']);
  return (
    <FormDialog open={open} onClose={onClose} title={t('site.generate.title', { name: site.name })} size="md">
      <GenerationTaskForm site={site} onCancel={onClose} onStarted={onStarted} />
    </FormDialog>
  );
}
