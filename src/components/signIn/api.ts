import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { bindGoogle, googleCaptcha, graphicCode } from '../../services/api/auth';

/** A picture code to type, asked again on each refresh. */
export const useCaptchaImage = () => useCall(graphicCode);

/** A new authenticator secret (and its QR code) to bind. */
export const useAuthenticatorSecret = () => useLoad(googleCaptcha, undefined);

export const useBindAuthenticator = (handlers?: HandlersOf<typeof bindGoogle>) => useCall(bindGoogle, handlers);
