import { AbsoluteCenter, Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Loader } from '../../components/feedback/Loader';

/** Covers the page area while the navigation machine reports that the page is loading. */
export function PageLoadingOverlay() {
  const { t } = useTranslation();
  return (
    <Box position="absolute" inset="0" bg="bg.canvas/60" zIndex="1" role="status" aria-label={t('common.loading')}>
      <AbsoluteCenter>
        <Loader />
      </AbsoluteCenter>
    </Box>
  );
}
