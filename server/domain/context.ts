import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { MessageSender } from '../providers/messaging';
import type { JobQueue } from '../jobs/queue';
import type { CaptchaGenerator } from '../providers/captcha';

/** What domain functions need from the world, passed explicitly so tests can supply their own. */
export interface Ctx {
  db: Db;
  config: Config;
  mail: MessageSender;
  sms: MessageSender;
  captcha: CaptchaGenerator;
  log: FastifyBaseLogger;
  /** Durable background jobs (article generation). */
  jobs: JobQueue;
  now(): Date;
}
