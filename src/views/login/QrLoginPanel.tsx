import { useEffect, useState } from 'react';
import type { QrStatus } from '../../../contract/schemas/auth';
import { Box, Button, Center, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { CircleCheck, RotateCw, ScanLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { useQrLoginCode, useQrLoginStatus } from './api';
import { FailureAlert } from '../../components/form/FailureAlert';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';
import { BackToLoginButton } from './BackToLoginButton';

/** How often the QR code's status is asked (about every 2 s). */
const POLL_INTERVAL_MS = 2000;

/**
 * Login by QR code: a signed-in device scans it and approves. The code's status is polled until it
 * is confirmed (the login result starts the session) or expires (it can be refreshed).
 */
export function QrLoginPanel({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const creation = useQrLoginCode();
  const qr = creation.result;
  // The last status the server gave: kept while the next poll is under way.
  const [status, setStatus] = useState<QrStatus['status']>('pending');
  const polling = useQrLoginStatus({
    onSucceeded: (polled) => {
      setStatus(polled.status);
      if (polled.status === 'confirmed' && polled.login) session.send({ type: 'LOGIN.TOKEN_RECEIVED', login: polled.login });
    },
  });

  const { submit: poll } = polling;
  useEffect(() => {
    if (!qr || status === 'confirmed' || status === 'expired') return;
    const timer = setInterval(() => poll(qr.id), POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [qr, status, poll]);

  const refresh = () => {
    setStatus('pending');
    creation.submit(undefined);
  };

  return (
    <Stack gap="5">
      <LoginFormHeader title={t('sys.login.qrSignInFormTitle')} subtitle={t('sys.login.qrSubtitle')} />
      <FailureAlert failure={creation.error} />
      <Center>
        <Box position="relative" boxSize="52" p="3" bg="white" borderWidth="1px" rounded="l3" boxShadow="sm">
          {qr ? <Image src={qr.qr} alt={t('sys.login.qrAlt')} boxSize="full" /> : <Skeleton boxSize="full" />}
          {(status === 'expired' || status === 'scanned') && (
            <Center position="absolute" inset="0" rounded="l3" bg="bg.panel/90" flexDirection="column" gap="3" p="4" textAlign="center">
              {status === 'expired' ? (
                <>
                  <Text fontWeight="medium">{t('sys.login.qrExpired')}</Text>
                  <Button size="sm" colorPalette="brand" onClick={refresh}>
                    <RotateCw /> {t('sys.login.qrRefresh')}
                  </Button>
                </>
              ) : (
                <>
                  <Box color="green.500">
                    <CircleCheck size={40} />
                  </Box>
                  <Text fontWeight="medium">{t('sys.login.qrScanned')}</Text>
                </>
              )}
            </Center>
          )}
        </Box>
      </Center>
      <Text textAlign="center" textStyle="sm" color="fg.muted" display="flex" alignItems="center" justifyContent="center" gap="2">
        <ScanLine size={16} /> {t('sys.login.qrHint')}
      </Text>
      <BackToLoginButton onClick={onBack} />
    </Stack>
  );
}
