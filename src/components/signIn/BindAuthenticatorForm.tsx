import { Box, Clipboard, Code, Flex, IconButton, Image, Skeleton, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { useAuthenticatorSecret, useBindAuthenticator } from './api';
import { CodeField } from '../form/CodeField';
import { FailureAlert } from '../form/FailureAlert';
import { toaster } from '../feedback/toaster';
import { otpCode } from '../form/rules';
import { useValidatedForm, type FieldRules } from '../form/useValidatedForm';
import { DialogForm } from '../form/DialogForm';

type BindValues = { code: string };
const RULES: FieldRules<BindValues> = { code: [otpCode] };

/**
 * Scan the QR code (or type the key) into an authenticator app, then confirm with its current code:
 * GET /admin/v1/google_captcha, then POST /api/v1/user/bind_google_captcha.
 */
export function BindAuthenticatorForm({
  onDone,
  onCancel = onDone,
  cancelLabel,
}: {
  onDone: () => void;
  onCancel?: () => void;
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  const secretRequest = useAuthenticatorSecret();
  const session = useSessionActor();
  const binding = useBindAuthenticator({
    onSucceeded: () => {
      toaster.success({ title: t('layout.authenticator.bound') });
      session.send({ type: 'USER.RELOAD' });
      onDone();
    },
  });
  const form = useValidatedForm<BindValues>({ code: '' }, RULES);
  const secret = secretRequest.result;

  const submit = form.handleSubmit(({ code }) => secret && binding.submit({ secret: secret.secret, code }));

  return (
    <DialogForm
      label={t('layout.authenticator.title')}
      onSubmit={submit}
      onCancel={onCancel}
      cancelLabel={cancelLabel}
      submitting={binding.state === 'submitting'}
      submitLabel={t('layout.authenticator.bind')}
      disabled={!secret}
    >
      <FailureAlert failure={binding.error ?? secretRequest.error} />
      <Flex gap="5" direction={{ base: 'column', sm: 'row' }} align={{ base: 'center', sm: 'flex-start' }}>
        <Box boxSize="40" flexShrink={0} p="2" bg="white" borderWidth="1px" rounded="l2">
          {secret ? <Image src={secret.qr} alt={t('layout.authenticator.qrAlt')} boxSize="full" /> : <Skeleton boxSize="full" />}
        </Box>
        <Stack gap="3" flex="1" minW="0">
          <Text textStyle="sm">{t('layout.authenticator.step1')}</Text>
          <Text textStyle="sm" color="fg.muted">
            {t('layout.authenticator.manualKey')}
          </Text>
          {secret ? (
            <Clipboard.Root value={secret.secret}>
              <Flex align="center" gap="1">
                <Code size="md" wordBreak="break-all" data-testid="authenticator-secret">
                  {secret.secret}
                </Code>
                <Clipboard.Trigger asChild>
                  <IconButton variant="ghost" size="xs" aria-label={t('layout.authenticator.copyKey')}>
                    <Clipboard.Indicator />
                  </IconButton>
                </Clipboard.Trigger>
              </Flex>
            </Clipboard.Root>
          ) : (
            <Skeleton h="6" />
          )}
          <Text textStyle="sm">{t('layout.authenticator.step2')}</Text>
        </Stack>
      </Flex>
      <CodeField label={t('layout.authenticator.code')} startElement={<KeyRound size={16} />} {...form.field('code')} />
    </DialogForm>
  );
}
