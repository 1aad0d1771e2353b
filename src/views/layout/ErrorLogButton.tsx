import { useSyncExternalStore } from 'react';
import { Box, Float, Badge } from '@chakra-ui/react';
import { Bug } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConsolePath } from '../../../contract/paths';
import { errorLog } from '../../services/errorLog/errorLog';
import { HeaderAction } from './HeaderAction';

const count = () => errorLog.list().length;

/**
 * The way to the error log (spec §2 /error-log/list), with a badge counting the errors this browser
 * met since the log was last opened; opening it clears the count.
 */
export function ErrorLogButton({ onNavigate }: { onNavigate: (path: string) => void }) {
  const { t } = useTranslation();
  const unseen = useSyncExternalStore(errorLog.subscribe, count, count);
  return (
    <Box position="relative">
      <HeaderAction
        label={unseen > 0 ? t('layout.header.errorLogUnseen', { count: unseen }) : t('layout.header.errorLog')}
        onClick={() => onNavigate(ConsolePath.errorLog)}
      >
        <Bug />
      </HeaderAction>
      {unseen > 0 && (
        <Float placement="top-end" offset="1.5" pointerEvents="none">
          <Badge size="xs" variant="solid" colorPalette="red" rounded="full" aria-hidden>
            {unseen > 99 ? '99+' : unseen}
          </Badge>
        </Float>
      )}
    </Box>
  );
}
