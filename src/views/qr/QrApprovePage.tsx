import { useEffect } from 'react';
import { Button, Card, Center, Stack, Text } from '@chakra-ui/react';
import { MonitorSmartphone } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { useAnswerQrLogin } from './api';
import { FailureAlert } from '../../components/form/FailureAlert';
import { FormAlert } from '../../components/form/FormAlert';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';

/**
 * What a QR login code opens on a signed-in device (`/qr-approve?id=…`): opening it marks the code
 * scanned; confirming signs the other device in as this user.
 */
export default function QrApprovePage() {
  const { t } = useTranslation();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const session = useSessionActor();
  const username = useSelector(session, (state) => state.context.user?.username ?? '');
  const scan = useAnswerQrLogin();
  const approval = useAnswerQrLogin();

  const { submit: markScanned } = scan;
  useEffect(() => {
    if (id) markScanned({ id, action: 'scan' });
  }, [id, markScanned]);

  const failure = approval.error ?? scan.error;
  const done = approval.state === 'succeeded';
  return (
    <Center py={{ base: '6', md: '16' }}>
      <Card.Root w="full" maxW="md" variant="elevated" bg="bg.panel">
        <Card.Body>
          <Stack gap="5" align="stretch">
            <Center boxSize="16" rounded="full" bg="brand.subtle" color="brand.fg" alignSelf="center">
              <MonitorSmartphone size={32} />
            </Center>
            <LoginFormHeader title={t('sys.login.qrConfirmTitle')} subtitle={t('sys.login.qrConfirmSubtitle')} />
            <Text fontWeight="medium">{t('sys.login.qrConfirmAccount', { username })}</Text>
            {!id ? (
              <FormAlert message={t('sys.login.qrConfirmExpired')} />
            ) : failure ? (
              <FailureAlert failure={failure} />
            ) : done ? (
              <FormAlert status="success" message={t('sys.login.qrConfirmed')} />
            ) : (
              <Button
                colorPalette="brand"
                size="lg"
                loading={approval.state === 'submitting'}
                onClick={() => approval.submit({ id, action: 'confirm' })}
              >
                {t('sys.login.qrConfirmButton')}
              </Button>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
