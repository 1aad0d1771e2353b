import { Center } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Loader } from './Loader';

/** Shown while a page's chunk or data loads. */
export function PageLoading({ minH = '60vh' }: { minH?: string }) {
  const { t } = useTranslation();
  return (
    <Center minH={minH} role="status" aria-label={t('sys.loading')}>
      <Loader />
    </Center>
  );
}
