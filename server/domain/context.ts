import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { PgliteClient } from '../db/pgliteThreadClient';
import type { Db } from '../db/connection';
import type { MessageSender } from '../providers/messaging';
import type { JobQueue } from '../jobs/queue';
import type { CaptchaGenerator } from '../providers/captcha';

/** What domain functions need from the world, passed explicitly so tests can supply their own. */
export interface Ctx {
  db: Db;
  /** The embedded database's own client (Database.pglite): the key log's COPY; null on PostgreSQL. */
  pglite: PgliteClient | null;
  config: Config;
  mail: MessageSender;
  sms: MessageSender;
  captcha: CaptchaGenerator;
  log: FastifyBaseLogger;
  /** Durable background jobs (article generation). */
  jobs: JobQueue;
  now(): Date;
}
