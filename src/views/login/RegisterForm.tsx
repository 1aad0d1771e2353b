import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Ticket, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { useRegister } from './api';
import { TextField } from '../../components/form/TextField';
import { PasswordField } from '../../components/form/PasswordField';
import { CaptchaField } from '../../components/form/CaptchaField';
import { FailureAlert } from '../../components/form/FailureAlert';
import { captchaCode, confirmationOf, inviteCode, newPassword, username } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';
import { BackToLoginButton } from './BackToLoginButton';
import { useCaptcha } from '../../components/signIn/useCaptcha';
import { ResultCode } from '../../../contract/codes';

type RegisterValues = { username: string; password: string; password_confirmation: string; invite_code: string; captcha: string };
const INITIAL: RegisterValues = { username: '', password: '', password_confirmation: '', invite_code: '', captcha: '' };
const RULES: FieldRules<RegisterValues> = {
  username: [username],
  password: [newPassword],
  password_confirmation: [confirmationOf<RegisterValues>('password')],
  invite_code: [inviteCode],
};
const RULES_WITH_CAPTCHA: FieldRules<RegisterValues> = { ...RULES, captcha: [captchaCode] };

/** A refusal of the invite code: shown on its field. */
const INVITE_REFUSED = /^invite_code:/;

/** A new account; on success the new session starts at once (LOGIN.TOKEN_RECEIVED). `invite` fills the invite code (/login?invite=CODE). */
export function RegisterForm({ onBack, invite = '' }: { onBack: () => void; invite?: string }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const registration = useRegister({ onSucceeded: (login) => session.send({ type: 'LOGIN.TOKEN_RECEIVED', login }) });
  const captcha = useCaptcha(true, registration.error);
  const captchaShown = captcha.required || registration.error?.code === ResultCode.CAPTCHA_REQUIRED;
  const [initial] = useState(() => ({ ...INITIAL, invite_code: invite.slice(0, 32) }));
  const form = useValidatedForm<RegisterValues>(initial, captchaShown ? RULES_WITH_CAPTCHA : RULES);
  const inviteRefused = registration.error && INVITE_REFUSED.test(registration.error.msg) ? 'sys.validation.inviteCodeUnknown' : undefined;

  const submit = form.handleSubmit((values) =>
    registration.submit({
      username: values.username,
      password: values.password,
      password_confirmation: values.password_confirmation,
      ...(values.invite_code ? { invite_code: values.invite_code } : {}),
      ...(captchaShown && captcha.key ? { captcha_key: captcha.key, captcha_code: values.captcha } : {}),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('sys.login.signUpFormTitle')}>
      <Stack gap="4">
        <LoginFormHeader title={t('sys.login.signUpFormTitle')} subtitle={t('sys.login.signUpSubtitle')} />
        <FailureAlert failure={inviteRefused ? null : registration.error} />
        <TextField
          label={t('sys.login.userName')}
          autoComplete="username"
          startElement={<UserRound size={16} />}
          helperText={t('sys.validation.usernameHint')}
          {...form.field('username')}
        />
        <PasswordField
          label={t('sys.login.password')}
          autoComplete="new-password"
          helperText={t('sys.validation.passwordHint')}
          {...form.field('password')}
        />
        <PasswordField label={t('sys.login.confirmPassword')} autoComplete="new-password" {...form.field('password_confirmation')} />
        <TextField
          label={t('sys.login.inviteCode')}
          startElement={<Ticket size={16} />}
          autoComplete="off"
          {...form.field('invite_code')}
          error={form.errors.invite_code ?? inviteRefused}
        />
        {captchaShown && <CaptchaField image={captcha.image} onRefresh={captcha.refresh} {...form.field('captcha')} />}
        <Button type="submit" colorPalette="brand" size="lg" width="full" loading={registration.state === 'submitting'}>
          {t('sys.login.registerButton')}
        </Button>
        <BackToLoginButton onClick={onBack} />
      </Stack>
    </form>
  );
}
