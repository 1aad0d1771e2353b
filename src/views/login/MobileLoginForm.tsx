import { Box, Button, Stack } from '@chakra-ui/react';
import { KeyRound, Smartphone } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { useSendSmsCode } from './api';
import { TextField } from '../../components/form/TextField';
import { CodeField } from '../../components/form/CodeField';
import { CaptchaField } from '../../components/form/CaptchaField';
import { FailureAlert } from '../../components/form/FailureAlert';
import { FormAlert } from '../../components/form/FormAlert';
import { SendCodeButton } from '../../components/form/SendCodeButton';
import { useCountdown } from '../../components/form/useCountdown';
import { captchaCode, mobile, otpCode } from '../../components/form/rules';
import { useValidatedForm, type FieldRules } from '../../components/form/useValidatedForm';
import { LoginFormHeader } from '../../components/signIn/LoginFormHeader';
import { BackToLoginButton } from './BackToLoginButton';
import { useCaptcha } from '../../components/signIn/useCaptcha';
import { ResultCode } from '../../../contract/codes';

type MobileValues = { mobile: string; code: string; captcha: string };
const INITIAL: MobileValues = { mobile: '', code: '', captcha: '' };
const RULES: FieldRules<MobileValues> = { mobile: [mobile], code: [otpCode] };
const CAPTCHA_RULES: FieldRules<MobileValues> = { ...RULES, captcha: [captchaCode] };

/** Mobile number → SMS code (with a countdown before it may be resent) → LOGIN.MOBILE_SUBMIT. */
export function MobileLoginForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const submitting = useSelector(session, (state) => state.hasTag('busy'));
  const loginError = useSelector(session, (state) => state.context.error);
  const countdown = useCountdown();
  const codeRequest = useSendSmsCode({ onSucceeded: ({ resend_after }) => countdown.start(resend_after) });
  const captchaShown = codeRequest.error?.code === ResultCode.CAPTCHA_REQUIRED;
  const captcha = useCaptcha(captchaShown, codeRequest.error);
  const form = useValidatedForm<MobileValues>(INITIAL, captchaShown ? CAPTCHA_RULES : RULES);
  const codeState = codeRequest.state;

  const sendCode = () => {
    const fields: (keyof MobileValues)[] = captchaShown ? ['mobile', 'captcha'] : ['mobile'];
    if (!form.validate(fields)) return;
    codeRequest.submit({
      mobile: form.values.mobile.trim(),
      ...(captchaShown && captcha.key ? { captcha_key: captcha.key, captcha_code: form.values.captcha.trim() } : {}),
    });
  };

  const submit = form.handleSubmit((values) => session.send({ type: 'LOGIN.MOBILE_SUBMIT', mobile: values.mobile, code: values.code }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('sys.login.mobileSignInFormTitle')}>
      <Stack gap="4">
        <LoginFormHeader title={t('sys.login.mobileSignInFormTitle')} subtitle={t('sys.login.mobileSubtitle')} />
        <FailureAlert failure={codeRequest.error ?? loginError} />
        {codeState === 'succeeded' && <FormAlert status="success" message={t('sys.login.smsCodeSent')} />}
        <TextField
          label={t('sys.login.mobile')}
          type="tel"
          autoComplete="tel"
          startElement={<Smartphone size={16} />}
          {...form.field('mobile')}
        />
        {captchaShown && <CaptchaField image={captcha.image} onRefresh={captcha.refresh} {...form.field('captcha')} />}
        <Stack direction="row" gap="3" align="flex-start">
          <Box flex="1">
            <CodeField label={t('sys.login.smsCode')} startElement={<KeyRound size={16} />} {...form.field('code')} />
          </Box>
          <Box pt="6">
            <SendCodeButton onSend={sendCode} sending={codeState === 'submitting'} remaining={countdown.remaining} />
          </Box>
        </Stack>
        <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting}>
          {t('sys.login.loginButton')}
        </Button>
        <BackToLoginButton onClick={onBack} />
      </Stack>
    </form>
  );
}
