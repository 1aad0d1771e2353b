import './support/realServer'; // first: the console's http client then calls the real server
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Secret, TOTP } from 'otpauth';
import { registerAccount, startOfTotpStep } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { findDialog } from './support/dialogs';
import { zh } from './support/texts';

/** An authenticator the operator requires of account owners, bound at sign-in before the console opens. */

const server = consoleOnRealServer({ AUTHENTICATOR_REQUIRED_ROLES: 'master' }, '10.9.41');

describe('an authenticator the operator requires', () => {
  it('is bound (QR code, secret, first code) before the console opens; then the dashboard shows', async () => {
    await startOfTotpStep();
    await server.open('/dashboard/analysis', { token: (await registerAccount(server.url)).token });
    const gate = await findDialog('alertdialog', zh.layout.authenticator.requiredTitle);
    expect(await within(gate).findByRole('img', { name: zh.layout.authenticator.qrAlt })).toBeTruthy();
    expect(screen.queryByTestId('points-balance')).toBeNull();
    const secret = (await within(gate).findByTestId('authenticator-secret')).textContent ?? '';
    const code = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    const user = userEvent.setup();
    await user.type(within(gate).getByLabelText(zh.layout.authenticator.code), code);
    await user.click(within(gate).getByRole('button', { name: zh.layout.authenticator.bind }));
    await screen.findByTestId('points-balance');
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: zh.layout.authenticator.requiredTitle })).toBeNull());
  });
});
