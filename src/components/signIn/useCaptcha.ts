import { useCallback, useEffect } from 'react';
import { useCaptchaImage } from './api';

/**
 * The graphic captcha (GET /api/v1/graphic/code): a picture is fetched while `active`, and again
 * whenever `renewOn` changes (a captcha answers one attempt) or the user asks for another.
 */
export function useCaptcha(active: boolean, renewOn?: unknown) {
  const request = useCaptchaImage();
  const { submit } = request;
  const refresh = useCallback(() => submit(undefined), [submit]);

  useEffect(() => {
    if (active) refresh();
  }, [active, renewOn, refresh]);

  return {
    image: request.result?.img,
    key: request.result?.key,
    /** The server will demand a captcha from this client right now. */
    required: request.result?.required ?? false,
    refresh,
  };
}
