import { useTranslation } from 'react-i18next';
import { FormAlert } from './FormAlert';

/** Refusals the console words itself, in the user's language; any other shows the server's message. */
const WORDED_CODES: Record<number, string> = {
  429: 'sys.failure.rateLimited',
  100007: 'sys.failure.sessionExpired',
  100020: 'sys.failure.secondFactorRequired',
  100121: 'sys.failure.captchaRequired',
  100123: 'sys.failure.captchaWrong',
  100124: 'sys.failure.secondFactorWrong',
};

/** Why the last submission of a form failed, shown inside the form. */
export function FailureAlert({ failure }: { failure: { code: number; msg: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!failure) return null;
  const worded = WORDED_CODES[failure.code];
  return <FormAlert message={worded ? t(worded) : failure.msg} />;
}
