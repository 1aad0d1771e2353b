import { useCall } from '../../app/useCall';
import { qrConfirm } from '../../services/api/auth';

/** Tells the server this signed-in device scanned a QR login code, or confirms it. */
export const useAnswerQrLogin = () => useCall(qrConfirm);
