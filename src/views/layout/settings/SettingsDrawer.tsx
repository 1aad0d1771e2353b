import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ProjectSettingsForm } from './ProjectSettingsForm';

/** The project configuration (spec §3) in the header's drawer. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{t('layout.settings.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body pb="6">
              <ProjectSettingsForm />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.closeWindow')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
