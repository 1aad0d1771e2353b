import { Card, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/table/PageHeader';
import { ProjectSettingsForm } from './ProjectSettingsForm';

/**
 * /setting/index (spec §2): the project configuration as a page, with the controls of the header's
 * settings drawer, for a link or a bookmark to reach them.
 */
export default function SettingPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <PageHeader title={t('routes.basic.setting')} description={t('layout.settings.pageDescription')} />
      {/* As wide as its one column of controls: a wider card would leave most of it empty. */}
      <Card.Root maxW="lg">
        <Card.Body>
          <ProjectSettingsForm />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
