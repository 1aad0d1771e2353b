import QRCode from 'qrcode';
import { svgDataUrl } from './digests';

/** `text` as a QR code: an SVG data URL an <img> shows. */
export async function qrDataUrl(text: string): Promise<string> {
  return svgDataUrl(await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
}
