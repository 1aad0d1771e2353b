import { ProviderError, withRetries, type CallThrottle, type RetryPolicy } from '../httpRetry';
import { message } from '../../i18n/messages';
import type { FetchLike } from '../net/fetchLike';
import type { ImageProvider, ImageRequest, ImageResult } from './types';

export interface ImageOptions extends RetryPolicy {
  baseUrl: string;
  apiKey: string;
  model: string;
  size: string;
  /** The plain fetch for the operator's service (IMAGE_BASE_URL), the guarded one for an account's own. */
  fetch: FetchLike;
  /** The provider's shared throttle (requests a minute, calls at once). */
  throttle?: CallThrottle;
}

/** The picture's real format from its first bytes; anything else is not an image we store. */
export function imageFormat(bytes: Buffer): ImageResult['ext'] | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** OpenAI-compatible `POST /images/generations` with `response_format: b64_json`. */
export function createImageClient(options: ImageOptions): ImageProvider {
  const service = message('modelAnswer.imageService', { host: new URL(options.baseUrl).host });
  return {
    name: options.model,
    offline: false,
    generate: (request: ImageRequest) =>
      withRetries(
        service,
        options,
        request.signal,
        ({ signal }) =>
          options.fetch(`${options.baseUrl}/images/generations`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
            body: JSON.stringify({ model: options.model, prompt: request.prompt, n: 1, size: options.size, response_format: 'b64_json' }),
            signal,
          }),
        async (res) => {
          const text = await res.text();
          let body: { data?: { b64_json?: unknown }[] };
          try {
            body = JSON.parse(text);
          } catch {
            throw new ProviderError(message('modelAnswer.notJson', { service, preview: JSON.stringify(text.slice(0, 120)) }));
          }
          const b64 = Array.isArray(body?.data) ? body.data[0]?.b64_json : undefined;
          if (typeof b64 !== 'string' || !b64) throw new ProviderError(message('modelAnswer.noImageData', { service }));
          const bytes = Buffer.from(b64, 'base64');
          const ext = imageFormat(bytes);
          if (!ext) throw new ProviderError(message('modelAnswer.notImage', { service }));
          return { bytes, ext };
        },
        options.throttle ? { throttle: options.throttle, tokens: 0 } : undefined,
      ),
  };
}
