import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startStripeDouble, type StripeDouble } from '../server/stripeDouble';
import { registerAccount } from './support/accounts';
import { startRealServer, useClientAddress } from './support/realServer';
import { renderConsole } from './support/renderConsole';
import { fill, pattern, zh } from './support/texts';
import type { StartedServer } from '../e2e/servers';
import { findDialog } from './support/dialogs';

/**
 * The recharge modal with Stripe Checkout, against the real server whose `stripe` client
 * talks to a loopback double of Stripe's API: buying a package sends the customer to the Checkout
 * Session's page; back on /account?order=<id> the order shows its state, and turns credited
 * (balance and top-ups table with it) when Stripe's signed webhook arrives.
 */
const WEBHOOK_SECRET = 'whsec_view_test_secret';
const env: Record<string, string> = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_view_double',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
let stripe: StripeDouble;
let started: StartedServer | undefined;
let closeConsole: (() => void) | undefined;
let addresses = 0;
// The server is started here (not by consoleOnRealServer) to give a busy machine more time.
beforeAll(async () => {
  stripe = await startStripeDouble(env.STRIPE_SECRET_KEY);
  started = await startRealServer({ ...env, STRIPE_API_BASE: stripe.url });
});
afterEach(() => closeConsole?.());
afterAll(async () => {
  await started?.stop();
  await stripe?.close();
});
const server = {
  get url() {
    return started!.url;
  },
  async open(path: string, options: { token: string }) {
    closeConsole?.();
    useClientAddress(`10.9.13.${++addresses}`);
    closeConsole = (await renderConsole(path, options)).close;
  },
};

async function deliverPaid(sessionId: string) {
  const session = stripe.pay(sessionId);
  const payload = JSON.stringify({
    id: `evt_view_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: session },
  });
  const signature = new Stripe('sk_test_signer_only').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const res = await fetch(`${server.url}/api/v1/topup/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(res.status).toBe(200);
}

describe('the recharge modal with Stripe Checkout', () => {
  it('sends the customer to the Checkout Session; back on /account the order shows waiting, then credited when Stripe confirms', async () => {
    const { token } = await registerAccount(server.url);
    await server.open('/account', { token });
    const user = userEvent.setup();
    const balance = await screen.findByTestId('account-balance');
    await waitFor(() => expect(balance.textContent).toMatch(/^\d+$/));
    const before = Number(balance.textContent);

    await user.click((await screen.findAllByRole('button', { name: zh.account.topUp }))[0]);
    const dialog = await findDialog('dialog', zh.account.recharge.title);
    await user.click(within(dialog).getByRole('tab', { name: zh.account.recharge.buy }));
    expect(await within(dialog).findByText(zh.account.recharge.stripeHint)).toBeTruthy();
    await user.click(await within(dialog).findByRole('radio', { name: pattern(zh.common.packages.Starter) }));
    await user.click(within(dialog).getByRole('button', { name: zh.account.recharge.pay }));

    const redirect = await within(dialog).findByTestId('order-redirect');
    const session = stripe.sessions.at(-1)!;
    const orderId = Number(session.metadata.order_id);
    expect(within(redirect).getByText(fill(zh.account.recharge.redirecting, { id: orderId }))).toBeTruthy();
    expect(within(redirect).getByRole('link', { name: zh.account.recharge.continue }).getAttribute('href')).toBe(session.url);
    expect(session.success_url).toMatch(new RegExp(`/account\\?order=${orderId}$`));

    // Back from Stripe before its webhook: waiting; then Stripe confirms and the page follows.
    await server.open(`/account?order=${orderId}`, { token });
    const notice = await screen.findByTestId('order-return');
    expect(within(notice).getByText(fill(zh.account.return.title, { id: orderId, status: zh.orders.status.pending }))).toBeTruthy();
    expect(within(notice).getByText(pattern(zh.account.return.pending))).toBeTruthy();
    await deliverPaid(session.id);
    await waitFor(() =>
      expect(
        within(screen.getByTestId('order-return')).getByText(
          fill(zh.account.return.title, { id: orderId, status: zh.orders.status.credited }),
        ),
      ).toBeTruthy(),
    );
    expect(within(screen.getByTestId('order-return')).getByText(fill(zh.account.return.credited, { points: 500 }))).toBeTruthy();
    await waitFor(() => expect(Number(screen.getByTestId('account-balance').textContent)).toBe(before + 500));
    // The top-ups table is the tab shown, with the order credited.
    const table = await screen.findByRole('table', { name: zh.account.orders.title });
    await waitFor(() => expect(within(table).getByText(`#${orderId}`).closest('tr')!.textContent).toContain(zh.orders.status.credited));

    await user.click(within(screen.getByTestId('order-return')).getByRole('button', { name: zh.account.return.dismiss }));
    await waitFor(() => expect(screen.queryByTestId('order-return')).toBeNull());
  }, 180_000);
});
