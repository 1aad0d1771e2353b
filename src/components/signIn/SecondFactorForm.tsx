import { Button, Stack } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSessionActor } from '../../app/AppActorProvider';
import { CodeField } from '../form/CodeField';
import { FailureAlert } from '../form/FailureAlert';
import { otpCode } from '../form/rules';
import { useValidatedForm, type FieldRules } from '../form/useValidatedForm';
import { LoginFormHeader } from './LoginFormHeader';

type SecondFactorValues = { code: string };
const RULES: FieldRules<SecondFactorValues> = { code: [otpCode] };

/** The authenticator step of a login: a six-digit TOTP code, sent as LOGIN.SECOND_FACTOR_SUBMIT. */
export function SecondFactorForm({ showHeader = true }: { showHeader?: boolean }) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const submitting = useSelector(session, (state) => state.hasTag('busy'));
  const error = useSelector(session, (state) => state.context.error);
  const form = useValidatedForm<SecondFactorValues>({ code: '' }, RULES);

  const submit = form.handleSubmit(({ code }) => session.send({ type: 'LOGIN.SECOND_FACTOR_SUBMIT', code }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('sys.login.secondFactorTitle')}>
      <Stack gap="4">
        {showHeader && <LoginFormHeader title={t('sys.login.secondFactorTitle')} subtitle={t('sys.login.secondFactorSubtitle')} />}
        <FailureAlert failure={error} />
        <CodeField label={t('sys.login.authenticatorCode')} startElement={<KeyRound size={16} />} autoFocus {...form.field('code')} />
        <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting}>
          {t('sys.login.verify')}
        </Button>
        <Button variant="ghost" width="full" onClick={() => session.send({ type: 'LOGIN.CANCEL' })}>
          {t('sys.login.backToLogin')}
        </Button>
      </Stack>
    </form>
  );
}
