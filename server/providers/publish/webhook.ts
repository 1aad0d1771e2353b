import { createHmac } from 'node:crypto';
import { answerMessage, remoteCall, RemoteError, type RemoteTarget } from './remoteCall';

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
export async function pingWebhook(credentials: WebhookCredentials, siteId: number, now: Date, target: RemoteTarget): Promise<string> {
  const body = JSON.stringify({ event: 'ping', site_id: siteId, sent_at: now.toISOString() });
  const answer = await remoteCall(credentials.webhook_url, { method: 'POST', headers: signedHeaders(credentials.secret, body, 'ping', now), body }, target);
  if (answer.status < 200 || answer.status >= 300) throw new RemoteError(`The webhook answered ${answer.status}: ${answerMessage(answer)}`);
  return `The webhook accepted a signed ping (${answer.status})`;
}
