import { svgDataUrl } from '../digests';

/** `text` as a QR code: an SVG data URL an <img> shows. */
export async function qrDataUrl(text: string): Promise<string> {
  // qrcode and pngjs (57 modules) are loaded by the first QR code, not at the server's start.
  const { default: QRCode } = await import('qrcode');
  return svgDataUrl(await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
}
