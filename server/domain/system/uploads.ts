import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Static } from 'typebox';
import type { UploadResult, UploadType } from '../../../contract/schemas/upload';
import type { Ctx } from '../context';
import { insertUpload } from '../../db/uploads';
import { message } from '../../i18n/messages';
import { invalid, tooLarge } from '../errors';

/** MIME types accepted by the upload endpoints, by upload purpose. */
export const UPLOAD_MIME_BY_TYPE: Record<Static<typeof UploadType>, readonly string[]> = {
  avatar: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
  file: ['application/pdf', 'text/plain', 'text/csv', 'application/zip', 'image/png', 'image/jpeg', 'image/webp'],
  keywords: ['text/plain', 'text/csv'],
  article: ['text/markdown', 'text/plain', 'text/html'],
};
export const ALLOWED_UPLOAD_TYPES = Object.keys(UPLOAD_MIME_BY_TYPE);
export type UploadTypeName = keyof typeof UPLOAD_MIME_BY_TYPE;

/** File signatures: a binary file is what its first bytes say, whatever its name claims. */
const SIGNATURES: { mime: string; ext: string; test: (head: Buffer) => boolean }[] = [
  { mime: 'image/png', ext: '.png', test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { mime: 'image/jpeg', ext: '.jpg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { mime: 'image/gif', ext: '.gif', test: (h) => ['GIF87a', 'GIF89a'].includes(h.toString('latin1', 0, 6)) },
  { mime: 'image/webp', ext: '.webp', test: (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WEBP' },
  { mime: 'application/pdf', ext: '.pdf', test: (h) => h.toString('latin1', 0, 5) === '%PDF-' },
  {
    mime: 'application/zip',
    ext: '.zip',
    test: (h) => h[0] === 0x50 && h[1] === 0x4b && [0x03, 0x05, 0x07].includes(h[2]) && h[3] === h[2] + 1,
  },
];

/** Text formats are told apart by their extension, once the content has proved to be text. */
const TEXT_BY_EXT: Record<string, string> = {
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.csv': 'text/csv',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.svg': 'image/svg+xml',
};
const EXT_BY_MIME: Record<string, string> = {
  'text/plain': '.txt',
  'text/csv': '.csv',
  'text/markdown': '.md',
  'text/html': '.html',
  'image/svg+xml': '.svg',
};

const HEAD_BYTES = 512;

export const uploadsDir = (ctx: Pick<Ctx, 'config'>) => path.join(ctx.config.dataDir, 'uploads');

/**
 * The name a client gave its file, made safe to show and store: no directories, no control or
 * reserved characters, at most 120 characters (the extension kept). The stored file never uses it.
 */
export function sanitizeFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return 'file';
  if (cleaned.length <= 120) return cleaned;
  const ext = path.extname(cleaned).slice(0, 16);
  // Never half of a surrogate pair at the cut.
  return cleaned.slice(0, 120 - ext.length).replace(/[\uD800-\uDBFF]$/, '') + ext;
}

/** A file received into the uploads directory under a temporary name, not yet accepted. */
export interface ReceivedFile {
  tempPath: string;
  name: string;
  size: number;
  /** The MIME its signature shows, or null. */
  signature: { mime: string; ext: string } | null;
  /** Valid UTF-8 without NUL or other binary control characters. */
  isText: boolean;
  startsLikeSvg: boolean;
}

/**
 * Streams an upload to a temporary file in DATA_DIR/uploads while measuring it: its size, the
 * signature of its first bytes, and whether it is text. `truncated()` tells whether the multipart
 * limit cut the file short (then: 413, and nothing is kept).
 */
export async function receiveFile(
  ctx: Pick<Ctx, 'config'>,
  stream: Readable,
  filename: string | undefined,
  truncated: () => boolean,
): Promise<ReceivedFile> {
  const dir = uploadsDir(ctx);
  fs.mkdirSync(dir, { recursive: true });
  const tempPath = path.join(dir, `.incoming-${randomBytes(12).toString('hex')}`);
  let size = 0;
  let head = Buffer.alloc(0);
  let isText = true;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      if (isText) isText = isTextChunk(decoder, chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, inspect, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o644 }));
    if (truncated()) throw tooLarge('upload.overLimit', { max: formatBytes(ctx.config.uploadMaxBytes) });
    if (isText) isText = isTextChunk(decoder, undefined);
  } catch (error) {
    await fs.promises.rm(tempPath, { force: true });
    throw error;
  }
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return {
    tempPath,
    name: sanitizeFilename(filename),
    size,
    signature: SIGNATURES.find((s) => s.test(head)) ?? null,
    isText: isText && size > 0,
    startsLikeSvg: /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text),
  };
}

/** Decodes one chunk (or flushes at the end) and says whether it still reads as text. */
function isTextChunk(decoder: TextDecoder, chunk: Buffer | undefined): boolean {
  let decoded: string;
  try {
    decoded = chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    return false;
  }
  // Tab, line feed, form feed and carriage return are text; other C0 controls and DEL are not.
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decoded);
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

/** What the content really is: its signature, or for text its extension. Null when neither. */
function detect(file: ReceivedFile): { mime: string; ext: string } | null {
  if (file.signature) return file.signature;
  if (!file.isText) return null;
  const mime = TEXT_BY_EXT[path.extname(file.name).toLowerCase()] ?? 'text/plain';
  if (mime === 'image/svg+xml' && !file.startsLikeSvg) return null;
  return { mime, ext: EXT_BY_MIME[mime] };
}

/**
 * Accepts a received file for an upload purpose: its real content type must be one the purpose
 * takes. Then it gets a random name (with the extension of its real type), is recorded, and is
 * served at /uploads/<name>. A refused file is deleted.
 */
export async function acceptUpload(
  ctx: Pick<Ctx, 'config' | 'db'>,
  accountId: number,
  type: string | undefined,
  file: ReceivedFile,
): Promise<UploadResult> {
  try {
    if (type === undefined) throw invalid('upload.typeNeeded');
    if (!(type in UPLOAD_MIME_BY_TYPE)) throw invalid('upload.typeUnknown', { types: ALLOWED_UPLOAD_TYPES.join(', ') });
    const allowed = UPLOAD_MIME_BY_TYPE[type as UploadTypeName];
    if (file.size === 0) throw invalid('upload.empty');
    const real = detect(file);
    if (!real || !allowed.includes(real.mime)) {
      throw invalid('upload.notAccepted', {
        what: real ? message('upload.aFileOf', { mime: real.mime }) : message('upload.thisContent'),
        type,
        accepted: allowed.join(', '),
      });
    }
    const storedName = randomBytes(16).toString('hex') + real.ext;
    const storedPath = path.join(uploadsDir(ctx), storedName);
    await fs.promises.rename(file.tempPath, storedPath);
    try {
      await insertUpload(ctx.db, { accountId, name: file.name, storedName, mime: real.mime, size: file.size, type });
    } catch (error) {
      await fs.promises.rm(storedPath, { force: true });
      throw error;
    }
    return { url: `/uploads/${storedName}`, name: file.name, size: file.size, type, mime: real.mime };
  } finally {
    await discardFile(file);
  }
}

/** Removes a received file that was not accepted (a no-op once it was). */
export const discardFile = (file: ReceivedFile) => fs.promises.rm(file.tempPath, { force: true });
