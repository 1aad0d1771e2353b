import { useTranslation } from 'react-i18next';
import { ResultCode } from '../../../contract/codes';
import { FormAlert } from './FormAlert';

/** Refusals the console words itself, in the user's language; any other shows the server's message. */
const WORDED_CODES: Record<number, string> = {
  [ResultCode.RATE_LIMITED]: 'sys.failure.rateLimited',
  [ResultCode.SESSION_EXPIRED]: 'sys.failure.sessionExpired',
  [ResultCode.SECOND_FACTOR_REQUIRED]: 'sys.failure.secondFactorRequired',
  [ResultCode.CAPTCHA_REQUIRED]: 'sys.failure.captchaRequired',
  [ResultCode.CAPTCHA_WRONG]: 'sys.failure.captchaWrong',
  [ResultCode.SECOND_FACTOR_WRONG]: 'sys.failure.secondFactorWrong',
};

/** Why the last submission of a form failed, shown inside the form. */
export function FailureAlert({ failure }: { failure: { code: number; msg: string; offline?: true } | null | undefined }) {
  const { t } = useTranslation();
  if (!failure) return null;
  const worded = failure.offline ? 'sys.api.networkExceptionMsg' : WORDED_CODES[failure.code];
  return <FormAlert message={worded ? t(worded) : failure.msg} />;
}
