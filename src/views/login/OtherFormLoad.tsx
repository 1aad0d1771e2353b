import { Suspense, type ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/feedback/ErrorBoundary';
import { PageLoading } from '../../components/feedback/PageLoading';
import { retryLazyPages } from '../../components/feedback/lazyPage';
import { FormAlert } from '../../components/form/FormAlert';
import { BackToLoginButton } from './BackToLoginButton';

/**
 * Where the login page's other forms (./otherForms) render: a spinner in the form's place while one
 * still loads, and when its code does not arrive, why, with a retry and the way back to signing in.
 */
export function OtherFormLoad({ form, onBack, children }: { form: string; onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      resetKey={form}
      fallback={(_, retry) => (
        <Stack gap="4">
          <FormAlert message={t('sys.login.formLoadFailed')} />
          <Button
            colorPalette="brand"
            onClick={() => {
              retryLazyPages();
              retry();
            }}
          >
            {t('sys.exception.retry')}
          </Button>
          <BackToLoginButton onClick={onBack} />
        </Stack>
      )}
    >
      <Suspense fallback={<PageLoading minH="sm" />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
