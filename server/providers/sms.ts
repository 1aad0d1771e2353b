import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import type { MessageSender } from './messaging';
import { withOutbox } from './outbox';

/**
 * SMS through an HTTP gateway when SMS_WEBHOOK_URL is set: it receives
 * `POST { to, text }` as JSON (with `Authorization: Bearer $SMS_WEBHOOK_TOKEN` when set) and
 * answers 2xx. Most SMS providers, or a few lines in front of one, speak this. Otherwise the outbox.
 */
export function createSmsSender(config: Config, db: Db, log: FastifyBaseLogger): MessageSender {
  const { smsWebhookUrl: url, smsWebhookToken: token } = config;
  const gateway: MessageSender | null = url
    ? {
        via: 'sms-http',
        async send(message) {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify({ to: message.to, text: message.text }),
            signal: AbortSignal.timeout(10_000),
          });
          if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
        },
      }
    : null;
  return withOutbox('sms', gateway, db, log, config.dev);
}
