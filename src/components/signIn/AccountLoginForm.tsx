import { useEffect, useRef } from 'react';
import { Button, Flex, Link, Stack } from '@chakra-ui/react';
import { UserRound } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { takeOverPrerendered } from '../../app/takeOverPrerendered';
import { TextField } from '../form/TextField';
import { PasswordField } from '../form/PasswordField';
import { CaptchaField } from '../form/CaptchaField';
import { FailureAlert } from '../form/FailureAlert';
import { anyPassword, captchaCode, loginUsername } from '../form/rules';
import { useValidatedForm, type FieldRules } from '../form/useValidatedForm';
import { useCaptcha } from './useCaptcha';

type LoginValues = { username: string; password: string; captcha: string };
const RULES: FieldRules<LoginValues> = { username: [loginUsername], password: [anyPassword] };
const RULES_WITH_CAPTCHA: FieldRules<LoginValues> = { ...RULES, captcha: [captchaCode] };

interface AccountLoginFormProps {
  /** Prefilled, e.g. on the session-timeout overlay. */
  username?: string;
  /** Links under the button (forgot password); left out on the overlay. */
  onForgotPassword?: () => void;
}

/** Username and password (and the captcha once the server asks for one): sends LOGIN.SUBMIT. */
export function AccountLoginForm({ username = '', onForgotPassword }: AccountLoginFormProps) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const submitting = useSelector(session, (state) => state.hasTag('busy'));
  const error = useSelector(session, (state) => state.context.error);
  const captchaRequired = useSelector(session, (state) => state.context.captchaRequired);
  // A captcha answers one attempt: a refused one asks for a fresh picture.
  const captcha = useCaptcha(captchaRequired, error);
  const form = useValidatedForm<LoginValues>({ username, password: '', captcha: '' }, captchaRequired ? RULES_WITH_CAPTCHA : RULES);
  const { setValue } = form;
  useEffect(() => setValue('captcha', ''), [error, setValue]);
  // On the login page the server sent drawn: what was typed and sent before React took it over.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formElement.current) takeOverPrerendered(formElement.current, window);
  }, []);

  const submit = form.handleSubmit((values) =>
    session.send({
      type: 'LOGIN.SUBMIT',
      username: values.username,
      password: values.password,
      ...(captchaRequired && captcha.key ? { captcha: { key: captcha.key, code: values.captcha } } : {}),
    }),
  );

  return (
    <form ref={formElement} onSubmit={submit} noValidate aria-label={t('sys.login.signInFormTitle')}>
      <Stack gap="4">
        <FailureAlert failure={error} />
        <TextField
          label={t('sys.login.userName')}
          autoComplete="username"
          startElement={<UserRound size={16} />}
          {...form.field('username')}
        />
        <PasswordField
          label={t('sys.login.password')}
          autoComplete="current-password"
          // With the username known (the re-login overlay), the dialog puts the cursor where the person types next.
          data-autofocus={username ? '' : undefined}
          {...form.field('password')}
        />
        {captchaRequired && <CaptchaField image={captcha.image} onRefresh={captcha.refresh} {...form.field('captcha')} />}
        {onForgotPassword && (
          <Flex justify="flex-end" mt="-1">
            <Link as="button" type="button" textStyle="sm" color="brand.fg" onClick={onForgotPassword}>
              {t('sys.login.forgetPassword')}
            </Link>
          </Flex>
        )}
        <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting}>
          {t('sys.login.loginButton')}
        </Button>
      </Stack>
    </form>
  );
}
