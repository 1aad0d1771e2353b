import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Stripe API for the real `stripe` client (STRIPE_API_BASE points it here): Checkout
 * Sessions created from the form-encoded body the client sends (kept as the flat `a[b][0]` keys
 * it writes), listed by payment_intent, Stripe's error body `{ error: { type, message } }` for a
 * wrong key or an injected refusal. `pay` completes a session as Stripe would once the customer
 * paid (a PaymentIntent id, payment_status paid), for the tests' webhook events.
 */
export interface DoubleSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string;
  form: Record<string, string>;
}

export interface StripeDouble {
  url: string;
  secretKey: string;
  sessions: DoubleSession[];
  requests: StripeRequest[];
  /** The next request is refused with this status and message (400: the client does not retry). */
  refuseNext(status: number, message: string): void;
  pay(sessionId: string): DoubleSession;
  close(): Promise<void>;
}

export async function startStripeDouble(secretKey = 'sk_test_inkpress_double'): Promise<StripeDouble> {
  const sessions: DoubleSession[] = [];
  const requests: StripeRequest[] = [];
  let refusal: { status: number; message: string } | null = null;
  let counter = 0;
  const now = () => Math.floor(Date.now() / 1000);

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.test');
      const body = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
      requests.push({ method: req.method ?? '', path: url.pathname, authorization: req.headers.authorization ?? '', form });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, message: string, type = 'invalid_request_error') => send(status, { error: { type, message } });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return error(401, 'Invalid API Key provided', 'invalid_request_error');
      if (refusal) {
        const { status, message } = refusal;
        refusal = null;
        return error(status, message);
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (form.mode !== 'payment') return error(400, 'mode: only payment is expected here');
        const amount = Number(form['line_items[0][price_data][unit_amount]']);
        const quantity = Number(form['line_items[0][quantity]'] ?? 1);
        const currency = form['line_items[0][price_data][currency]'];
        if (!Number.isInteger(amount) || !currency || !form['line_items[0][price_data][product_data][name]'])
          return error(400, 'line_items[0][price_data] is incomplete');
        if (!form.success_url || !form.cancel_url) return error(400, 'success_url and cancel_url are required');
        const expiresAt = Number(form.expires_at ?? now() + 86_400);
        if (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600)
          return error(400, 'expires_at must be between 30 minutes and 24 hours from now');
        const metadata = Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => /^metadata\[[^\]]+\]$/.test(k))
            .map(([k, v]) => [k.slice(9, -1), v]),
        );
        const id = `cs_test_${String(++counter).padStart(4, '0')}${Math.random().toString(36).slice(2, 10)}`;
        const session: DoubleSession = {
          id,
          object: 'checkout.session',
          mode: 'payment',
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: amount * quantity,
          currency,
          client_reference_id: form.client_reference_id ?? null,
          metadata,
          payment_intent: null,
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          expires_at: expiresAt,
          created: now(),
          livemode: false,
        };
        sessions.push(session);
        return send(200, session);
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const data = sessions
          .filter((s) => !form.payment_intent || s.payment_intent === form.payment_intent)
          .slice(0, Number(form.limit ?? 10));
        return send(200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
      }
      return error(404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    sessions,
    requests,
    refuseNext: (status, message) => {
      refusal = { status, message };
    },
    pay(sessionId) {
      const session = sessions.find((s) => s.id === sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent ??= `pi_test_${++counter}`;
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
