import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ConsolePath } from '../../../contract/paths';
import { useModelSettings } from './api';

/**
 * Says plainly, where articles are started, that real articles need a model, with the way to the
 * model page; shows nothing once one is connected. `onNavigate` runs first (e.g. closes a dialog).
 */
export function ModelNotice({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('model');
  const [, navigate] = useLocation();
  const load = useModelSettings();
  const writer = load.result?.effective.writer;
  if (writer === undefined || writer !== 'offline') return null;
  return (
    <Alert.Root status="warning" data-testid="model-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('model.notConnected')}</Alert.Title>
        <Alert.Description>{t('model.notice')}</Alert.Description>
      </Alert.Content>
      <Button
        size="xs"
        variant="solid"
        colorPalette="orange"
        alignSelf="center"
        onClick={() => {
          onNavigate?.();
          navigate(ConsolePath.modelProvider);
        }}
      >
        {t('model.connect')}
      </Button>
    </Alert.Root>
  );
}
