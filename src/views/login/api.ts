import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { qrCreate, qrStatus, register, resetPassword, sendEmailCode, sendSmsCode } from '../../services/api/auth';

export const useSendEmailCode = (handlers?: HandlersOf<typeof sendEmailCode>) => useCall(sendEmailCode, handlers);

export const useSendSmsCode = (handlers?: HandlersOf<typeof sendSmsCode>) => useCall(sendSmsCode, handlers);

export const useResetPassword = () => useCall(resetPassword);

export const useRegister = (handlers?: HandlersOf<typeof register>) => useCall(register, handlers);

/** A QR login code for another, signed-in device to scan. */
export const useQrLoginCode = () => useLoad(qrCreate, undefined);

/** Whether the QR login code was scanned or confirmed yet. */
export const useQrLoginStatus = (handlers?: HandlersOf<typeof qrStatus>) => useCall(qrStatus, handlers);
