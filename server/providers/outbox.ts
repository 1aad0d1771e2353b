import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection';
import { insertOutboxMessage } from '../db/outbox';
import type { MessageSender, OutgoingMessage } from './messaging';

/**
 * Wraps a real transport (or none) so every message is also kept in the outbox table: with no
 * transport configured, the operator reads codes there (`npm run outbox`), so the embedded
 * default works end to end.
 */
export function withOutbox(
  channel: 'mail' | 'sms',
  transport: MessageSender | null,
  db: Db,
  log: FastifyBaseLogger,
  printToLog: boolean,
): MessageSender {
  const via = transport?.via ?? 'outbox';
  return {
    via,
    async send(message: OutgoingMessage) {
      if (transport) await transport.send(message);
      await insertOutboxMessage(db, { channel, recipient: message.to, subject: message.subject, body: message.text, deliveredVia: via });
      if (printToLog || !transport)
        log.info({ channel, to: message.to, subject: message.subject }, `${channel} via ${via}: ${message.text}`);
    },
  };
}
