import { Alert, Button, Dialog, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AccessKeyWithSecret } from '../../../contract/schemas/accessKey';
import { FormDialog } from '../../components/feedback/FormDialog';
import { CopyLine } from '../../components/SecretBlock';

/** The secret of a key just made or rotated: shown this once, with a copy button. */
export function SecretDialog({ shown, onClose }: { shown: AccessKeyWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('accessKey');
  return (
    <FormDialog open={shown !== null} onClose={onClose} title={t('accessKey.secret.title', { name: shown?.key.name ?? '' })} size="md">
      <Dialog.Body>
        {shown && (
          <Stack gap="4">
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{t('accessKey.secret.once')}</Alert.Title>
            </Alert.Root>
            <CopyLine label={t('accessKey.secret.label')} value={shown.secret} testId="access-key-secret" />
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="brand" onClick={onClose}>
          {t('accessKey.secret.done')}
        </Button>
      </Dialog.Footer>
    </FormDialog>
  );
}
