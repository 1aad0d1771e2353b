import path from 'node:path';
import { loadGenerationConfig, type GenerationConfig } from './generationConfig';

/** Everything the server reads from its environment, parsed once (README: "Configuration"). */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database, uploads and the lock live. */
  dataDir: string;
  /** A PostgreSQL URL switches from the embedded database to a server. */
  databaseUrl: string | null;
  adminUsername: string;
  adminPassword: string | null;
  /** Seconds without use after which a session ends (spec: 7 days). */
  sessionTtl: number;
  smtpUrl: string | null;
  /** An HTTP SMS gateway: POST { to, text }. */
  smsWebhookUrl: string | null;
  smsWebhookToken: string | null;
  mailFrom: string;
  /** Where the console is served from; absent in API-only tests. */
  consoleDir: string | null;
  uploadMaxBytes: number;
  /** Points a new account starts with. */
  welcomePoints: number;
  appName: string;
  contactUs: string;
  /** Public base URL of the console, used in QR-login links. */
  publicUrl: string;
  logLevel: string;
  /** Development prints mail and SMS to the log. */
  dev: boolean;
  trustProxy: boolean;
  /**
   * Let URLs that account owners give (their sites, webhooks, model services) reach private
   * networks: loopback, LAN, link-local (ALLOW_PRIVATE_TARGETS=1, for a self-hoster's own WordPress).
   */
  allowPrivateTargets: boolean;
  /** Article generation: prices, providers, workers, the credentials key (server/generationConfig.ts). */
  generation: GenerationConfig;
  /** Issue 14: days the admin log keeps its entries (ADMIN_LOG_RETENTION_DAYS). */
  adminLogRetentionDays: number;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8787, 'PORT');
  const host = env.HOST || '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || null,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || null,
    sessionTtl: int(env.SESSION_TTL, 604_800, 'SESSION_TTL'),
    smtpUrl: env.SMTP_URL || null,
    smsWebhookUrl: env.SMS_WEBHOOK_URL || null,
    smsWebhookToken: env.SMS_WEBHOOK_TOKEN || null,
    mailFrom: env.MAIL_FROM || 'Inkpress <no-reply@localhost>',
    consoleDir: env.CONSOLE_DIR === '' ? null : path.resolve(env.CONSOLE_DIR || 'dist/console'),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 10 * 1024 * 1024, 'UPLOAD_MAX_BYTES'),
    welcomePoints: int(env.WELCOME_POINTS, 1000, 'WELCOME_POINTS'),
    appName: env.APP_NAME || 'Inkpress',
    contactUs: env.CONTACT_US || 'support@inkpress.local',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    dev: env.NODE_ENV !== 'production',
    trustProxy: env.TRUST_PROXY === '1',
    allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS === '1',
    generation: loadGenerationConfig(env),
    adminLogRetentionDays: int(env.ADMIN_LOG_RETENTION_DAYS, 180, 'ADMIN_LOG_RETENTION_DAYS'),
  };
}
