import { createRequire } from 'node:module';
import type Nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { MessageSender } from './messaging';
import { withOutbox } from './outbox';

/** SMTP when SMTP_URL is set (smtp://user:pass@host:587), otherwise the outbox only. */
export function createMailSender(config: Config, db: Db, log: FastifyBaseLogger): MessageSender {
  const smtp: MessageSender | null = config.smtpUrl
    ? (() => {
        // Loaded only with SMTP configured (not part of every server start).
        const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof Nodemailer;
        const transporter = nodemailer.createTransport(config.smtpUrl);
        return {
          via: 'smtp',
          async send(message) {
            await transporter.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text });
          },
        };
      })()
    : null;
  return withOutbox('mail', smtp, db, log, config.dev);
}
