import { Button, HStack } from '@chakra-ui/react';
import { House, RotateCw } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { useTranslation } from 'react-i18next';
import { ExceptionView, type ExceptionStatus } from '../../components/feedback/ExceptionView';

const STATUSES: ExceptionStatus[] = [403, 404, 500, 10000, 10100];

export function toExceptionStatus(value: unknown): ExceptionStatus {
  const status = Number(value);
  return STATUSES.includes(status as ExceptionStatus) ? (status as ExceptionStatus) : 404;
}

/** The error pages of spec §8: 403, 404, 500, network (10000) and no data (10100). */
export default function ExceptionPage({ status }: { status?: ExceptionStatus }) {
  const { t } = useTranslation();
  const params = useParams<{ status?: string }>();
  const [, navigate] = useLocation();
  const shown = status ?? toExceptionStatus(params.status);
  const retry = shown === 10000 || shown === 500;
  return (
    <ExceptionView
      status={shown}
      title={t(`sys.exception.${shown}.title`)}
      description={t(`sys.exception.${shown}.description`)}
      action={
        // Every one of them leads home; the server and network errors can also be tried again.
        <HStack gap="3" justify="center" wrap="wrap">
          {retry && (
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RotateCw /> {t('sys.exception.retry')}
            </Button>
          )}
          <Button colorPalette="brand" onClick={() => navigate('/')}>
            <House /> {t('sys.exception.backHome')}
          </Button>
        </HStack>
      }
    />
  );
}
