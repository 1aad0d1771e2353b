import { useState, type FormEvent } from 'react';
import { Box, Button, Stack } from '@chakra-ui/react';
import { KeyRound, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useResetPassword, useSendEmailCode } from './api';
import { TextField } from '../../components/form/TextField';
import { PasswordField } from '../../components/form/PasswordField';
import { CodeField } from '../../components/form/CodeField';
import { FailureAlert } from '../../components/form/FailureAlert';
import { FormAlert } from '../../components/form/FormAlert';
import { SendCodeButton } from '../../components/form/SendCodeButton';
import { useCountdown } from '../../components/form/useCountdown';
import { confirmationOf, email, newPassword, otpCode } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';
import { BackToLoginButton } from './BackToLoginButton';

type ResetValues = { email: string; code: string; password: string; password_confirmation: string };
const INITIAL: ResetValues = { email: '', code: '', password: '', password_confirmation: '' };
const RULES: FieldRules<ResetValues> = {
  email: [email],
  code: [otpCode],
  password: [newPassword],
  password_confirmation: [confirmationOf<ResetValues>('password')],
};

/** Forgotten password: e-mail → a code is sent → code, new password and its confirmation. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [codeSent, setCodeSent] = useState(false);
  const codeRequest = useSendEmailCode({
    onSucceeded: ({ resend_after }) => {
      setCodeSent(true);
      countdown.start(resend_after);
    },
  });
  const reset = useResetPassword();
  const form = useValidatedForm<ResetValues>(INITIAL, RULES);

  const sendCode = () => {
    if (form.validate(['email'])) codeRequest.submit({ email: form.values.email.trim(), purpose: 'reset_password' });
  };
  const submit = codeSent
    ? form.handleSubmit((values) => reset.submit(values))
    : (event: FormEvent) => {
        event.preventDefault();
        sendCode();
      };

  if (reset.state === 'succeeded') {
    return (
      <Stack gap="4">
        <LoginFormHeader title={t('sys.login.forgetFormTitle')} />
        <FormAlert status="success" message={t('sys.login.resetSucceeded')} />
        <BackToLoginButton onClick={onBack} />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('sys.login.forgetFormTitle')}>
      <Stack gap="4">
        <LoginFormHeader
          title={t('sys.login.forgetFormTitle')}
          subtitle={t(codeSent ? 'sys.login.codeSentTo' : 'sys.login.forgetSubtitle', { email: form.values.email })}
        />
        <FailureAlert failure={reset.error ?? codeRequest.error} />
        <TextField
          label={t('sys.login.email')}
          type="email"
          autoComplete="email"
          startElement={<Mail size={16} />}
          readOnly={codeSent}
          {...form.field('email')}
        />
        {codeSent ? (
          <>
            <Stack direction="row" gap="3" align="flex-start">
              <Box flex="1">
                <CodeField label={t('sys.login.emailCode')} startElement={<KeyRound size={16} />} {...form.field('code')} />
              </Box>
              <Box pt="6">
                <SendCodeButton onSend={sendCode} sending={codeRequest.state === 'submitting'} remaining={countdown.remaining} />
              </Box>
            </Stack>
            <PasswordField
              label={t('sys.login.newPassword')}
              autoComplete="new-password"
              helperText={t('sys.validation.passwordHint')}
              {...form.field('password')}
            />
            <PasswordField label={t('sys.login.confirmPassword')} autoComplete="new-password" {...form.field('password_confirmation')} />
            <Button type="submit" colorPalette="brand" size="lg" width="full" loading={reset.state === 'submitting'}>
              {t('sys.login.resetPassword')}
            </Button>
          </>
        ) : (
          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={codeRequest.state === 'submitting'}>
            {t('sys.login.sendCode')}
          </Button>
        )}
        <BackToLoginButton onClick={onBack} />
      </Stack>
    </form>
  );
}
