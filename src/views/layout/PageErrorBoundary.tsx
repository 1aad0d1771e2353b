import type { ErrorInfo, ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/feedback/ErrorBoundary';
import { ExceptionView } from '../../components/feedback/ExceptionView';
import { isChunkLoadError, retryLazyPages } from '../../components/feedback/lazyPage';
import { errorLog } from '../../services/errorLog/errorLog';
import { formatDateTime } from '../../shared/formatDateTime';

/** Records a page's render error in the error log (spec §8: component errors are recorded). */
function report(error: unknown, info: ErrorInfo) {
  const failure = error instanceof Error ? error : new Error(String(error));
  const chunk = isChunkLoadError(failure);
  errorLog.add({
    type: chunk ? 'resource' : 'vue',
    message: failure.message,
    url: window.location.href,
    name: failure.name,
    file: chunk ? (failure.message.match(/https?:\/\/\S+/)?.[0] ?? '') : '',
    stack: failure.stack ?? '',
    detail: info.componentStack?.trim() ?? '',
    time: formatDateTime(new Date()),
  });
}

/**
 * Around every page: a page that throws while rendering (or whose code fails to load) shows the
 * 500 exception view with a retry instead of a blank page, and the error goes to the error log.
 */
export function PageErrorBoundary({ resetKey, children }: { resetKey?: unknown; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      resetKey={resetKey}
      onError={report}
      fallback={(error, retry) => {
        const chunk = isChunkLoadError(error);
        return (
          <ExceptionView
            status={500}
            title={t(chunk ? 'layout.pageError.loadTitle' : 'layout.pageError.title')}
            description={t(chunk ? 'layout.pageError.loadDescription' : 'layout.pageError.description')}
            action={
              <Button
                colorPalette="brand"
                onClick={() => {
                  if (chunk) retryLazyPages();
                  retry();
                }}
              >
                <RotateCw /> {t('sys.exception.retry')}
              </Button>
            }
          />
        );
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
