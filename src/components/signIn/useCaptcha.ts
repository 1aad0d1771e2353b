import { useCallback, useEffect } from 'react';
import { useCall } from '../../app/useCall';
import { graphicCode } from '../../services/api/auth';

/**
 * The graphic captcha (GET /api/v1/graphic/code): a picture is fetched while `active`, and again
 * whenever `renewOn` changes (a captcha answers one attempt) or the user asks for another.
 */
export function useCaptcha(active: boolean, renewOn?: unknown) {
  const request = useCall(graphicCode);
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
