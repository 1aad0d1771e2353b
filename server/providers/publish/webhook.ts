import { createHmac } from 'node:crypto';
import { message, type Message } from '../../i18n/messages';
import { answerMessage, remoteCall, RemoteError, type RemoteTarget } from './remoteCall';
import { answerError } from './publishError';

export interface WebhookCredentials {
  webhook_url: string;
  secret: string;
}

/**
 * Every webhook post is signed: `X-Inkpress-Signature: sha256=<hex HMAC-SHA256 of
 * "<timestamp>.<body>" with the secret>`, `X-Inkpress-Timestamp: <unix seconds>`, so the receiver
 * can check it came from here and is fresh.
 */
export function signedHeaders(secret: string, body: string, event: string, now: Date) {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    'content-type': 'application/json',
    'user-agent': 'Inkpress',
    'x-inkpress-event': event,
    'x-inkpress-timestamp': timestamp,
    'x-inkpress-signature': `sha256=${signature}`,
  };
}

/** A signed `ping`: any 2xx answer means the receiver is there and accepts us. */
export async function pingWebhook(credentials: WebhookCredentials, siteId: number, now: Date, target: RemoteTarget): Promise<Message> {
  const body = JSON.stringify({ event: 'ping', site_id: siteId, sent_at: now.toISOString() });
  const answer = await remoteCall(
    credentials.webhook_url,
    { method: 'POST', headers: signedHeaders(credentials.secret, body, 'ping', now), body },
    target,
  );
  if (answer.status < 200 || answer.status >= 300)
    throw new RemoteError(message('connection.webhookAnswered', { status: answer.status, detail: answerMessage(answer) }));
  return message('connection.webhookAccepted', { status: answer.status });
}

/** What a webhook receives for one article (event `article.publish`). */
export interface WebhookArticle {
  idempotency_key: string;
  site_id: number;
  article: Record<string, unknown>;
}

/**
 * Posts the article, signed like a ping; the idempotency key travels in the body and in a header,
 * so a receiver that sees it twice (a retry after a crash) keeps one copy. A 2xx answer may name
 * the remote `url` and `id`. 429 and 5xx are worth a retry, another answer fails the item.
 */
export async function publishToWebhook(
  credentials: WebhookCredentials,
  payload: WebhookArticle,
  now: Date,
  target: RemoteTarget,
): Promise<{ remoteId: string | null; remoteUrl: string }> {
  const body = JSON.stringify({ event: 'article.publish', sent_at: now.toISOString(), ...payload });
  const headers = {
    ...signedHeaders(credentials.secret, body, 'article.publish', now),
    'x-inkpress-idempotency-key': payload.idempotency_key,
  };
  const answer = await remoteCall(credentials.webhook_url, { method: 'POST', headers, body }, target);
  if (answer.status < 200 || answer.status >= 300) throw answerError('webhook', answer, message('remoteDoing.receivingArticle'));
  const reply = answer.json as { url?: unknown; id?: unknown } | null;
  const remoteUrl = typeof reply?.url === 'string' && /^https?:\/\//i.test(reply.url) ? reply.url.slice(0, 2000) : '';
  const remoteId = typeof reply?.id === 'string' || typeof reply?.id === 'number' ? String(reply.id).slice(0, 200) : null;
  return { remoteId, remoteUrl };
}
