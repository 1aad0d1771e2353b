import { Drawer } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '../../../components/feedback/FormDrawer';
import { ProjectSettingsForm } from './ProjectSettingsForm';

/** The project configuration (spec §3) in the header's drawer. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FormDrawer open={open} onClose={onClose} title={t('layout.settings.title')} size="xs">
      <Drawer.Body pb="6">
        <ProjectSettingsForm />
      </Drawer.Body>
    </FormDrawer>
  );
}
