import path from 'node:path';
import { loadGenerationConfig, type GenerationConfig } from './generationConfig';
import { loadPaymentConfig, type PaymentConfig } from './paymentConfig';

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
  /** One session per user: a sign-in ends the user's older sessions, whose consoles are told so. */
  oneSessionPerUser: boolean;
  /** The roles whose accounts must bind an authenticator at sign-in before they enter (none by default). */
  authenticatorRequiredRoles: string[];
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
  /** API access keys and invite rewards. */
  keys: { rateLimit: number; logRetentionDays: number };
  invite: { inviterPoints: number; inviteePoints: number; firstTopupPoints: number; dailyPerIp: number };
  generation: GenerationConfig;
  /** Top-up payments (server/paymentConfig.ts). */
  payment: PaymentConfig;
  /** Days the admin log keeps its entries (ADMIN_LOG_RETENTION_DAYS). */
  adminLogRetentionDays: number;
  /**
   * A new embedded database starts as a copy of a prepared one (initdb and the migrations
   * made once, in node_modules/.cache/inkpress); PGLITE_TEMPLATE=0 runs initdb and every migration.
   */
  pgliteTemplate: boolean;
  /**
   * The embedded database's shared buffers, in MB (PGLITE_SHARED_BUFFERS_MB). PGlite's
   * start clears them in WebAssembly, about 4.5 ms a MB on the project's machine: initdb's 128 MB
   * took 0.6 s of every start.
   */
  pgliteSharedBuffersMb: number;
}

/** The embedded database's shared buffers unless PGLITE_SHARED_BUFFERS_MB says (Config.pgliteSharedBuffersMb). */
export const PGLITE_SHARED_BUFFERS_MB = 32;

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
    oneSessionPerUser: env.ONE_SESSION_PER_USER === '1',
    authenticatorRequiredRoles: (env.AUTHENTICATOR_REQUIRED_ROLES ?? '')
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
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
    keys: {
      rateLimit: Math.max(1, int(env.KEY_RATE_LIMIT, 60, 'KEY_RATE_LIMIT')),
      logRetentionDays: Math.max(1, int(env.KEY_LOG_RETENTION_DAYS, 30, 'KEY_LOG_RETENTION_DAYS')),
    },
    invite: {
      inviterPoints: int(env.INVITE_INVITER_POINTS, 100, 'INVITE_INVITER_POINTS'),
      inviteePoints: int(env.INVITE_INVITEE_POINTS, 50, 'INVITE_INVITEE_POINTS'),
      firstTopupPoints: int(env.INVITE_FIRST_TOPUP_POINTS, 0, 'INVITE_FIRST_TOPUP_POINTS'),
      dailyPerIp: int(env.INVITE_DAILY_LIMIT_PER_IP, 3, 'INVITE_DAILY_LIMIT_PER_IP'),
    },
    trustProxy: env.TRUST_PROXY === '1',
    allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS === '1',
    generation: loadGenerationConfig(env),
    payment: loadPaymentConfig(env),
    adminLogRetentionDays: int(env.ADMIN_LOG_RETENTION_DAYS, 180, 'ADMIN_LOG_RETENTION_DAYS'),
    pgliteTemplate: env.PGLITE_TEMPLATE !== '0',
    pgliteSharedBuffersMb: Math.max(1, int(env.PGLITE_SHARED_BUFFERS_MB, PGLITE_SHARED_BUFFERS_MB, 'PGLITE_SHARED_BUFFERS_MB')),
  };
}
