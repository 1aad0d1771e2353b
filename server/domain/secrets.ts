import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { message } from '../i18n/messages';
import { WordedError } from '../i18n/wordedError';

/**
 * Site credentials and provider keys are sealed at rest with AES-256-GCM.
 *
 * The key: SECRET_KEY when set (64 hex characters or base64 of 32 bytes are used as they are; any
 * other text of at least 16 characters is hashed with SHA-256 into a key). When SECRET_KEY is
 * unset, a random key is written to DATA_DIR/secret.key on first start (mode 0600) and read from
 * there afterwards. With PostgreSQL and several machines, set the same SECRET_KEY on every
 * process: each machine would otherwise make its own key file and could not open what another
 * sealed (the error then says so).
 */
const VERSION = 'v1';
const cache = new Map<string, Buffer>();

export function secretKeyOf(config: Pick<Config, 'dataDir' | 'generation'>): Buffer {
  const id = config.generation.secretKey ? `env:${config.generation.secretKey}` : `file:${config.dataDir}`;
  let key = cache.get(id);
  if (!key) {
    key = config.generation.secretKey ? keyFromText(config.generation.secretKey) : keyFromFile(config.dataDir);
    cache.set(id, key);
  }
  return key;
}

function keyFromText(text: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const decoded = /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, 'base64') : null;
  if (decoded?.length === 32) return decoded;
  if (text.length < 16) throw new Error('SECRET_KEY must be at least 16 characters (or 64 hex characters)');
  return createHash('sha256').update(text).digest();
}

function keyFromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${file} is not a key (64 hex characters expected); restore it or set SECRET_KEY`);
  return Buffer.from(text, 'hex');
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Credentials kept sealed that this server cannot open: the person is asked to enter them again. */
export class SecretUnreadableError extends WordedError {}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new SecretUnreadableError(message('storedSecret.unknownFormat'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadableError(message('storedSecret.otherKey'));
  }
}

/** `abcd…wxyz` style: enough to recognise, too little to use. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '••••';
  return `••••${value.slice(-4)}`;
}
