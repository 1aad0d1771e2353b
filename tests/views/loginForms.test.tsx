import { sentRequests } from './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD, callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';
import { fill, pattern, serverZh, zh } from './support/texts';

/** The forms of /login against the real server: they validate before sending and show the server's answers. */

const server = consoleOnRealServer({}, '10.9.2');

async function openLoginPage() {
  await server.open('/login');
  await screen.findByRole('form', { name: zh.sys.login.signInFormTitle });
  // The other ways to sign in come with the render after the form's.
  await screen.findByRole('button', { name: zh.sys.login.qrSignIn });
  return userEvent.setup();
}

const callsTo = (path: string, since: number) => sentRequests.slice(since).filter((request) => request.includes(path));

describe('the login page forms', () => {
  it('register: validates each field before sending, shows the server refusal inline, then signs the new account in', async () => {
    const { username: taken } = await registerAccount(server.url);
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: zh.sys.login.registerButton }));
    const form = await screen.findByRole('form', { name: zh.sys.login.signUpFormTitle });
    const sentBefore = sentRequests.length;

    await user.click(within(form).getByRole('button', { name: zh.sys.login.registerButton }));
    expect(within(form).getByText(zh.sys.validation.usernameRequired)).toBeTruthy();
    expect(within(form).getByText(zh.sys.validation.passwordRequired)).toBeTruthy();
    expect(within(form).getByText(zh.sys.validation.confirmRequired)).toBeTruthy();

    await user.type(within(form).getByLabelText(zh.sys.login.userName), 'no spaces allowed');
    await user.type(within(form).getByLabelText(zh.sys.login.password), 'short');
    await user.type(within(form).getByLabelText(zh.sys.login.confirmPassword), 'different');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.registerButton }));
    expect(within(form).getByText(zh.sys.validation.usernameFormat)).toBeTruthy();
    expect(within(form).getByText(zh.sys.validation.passwordLength)).toBeTruthy();
    expect(within(form).getByText(zh.sys.validation.confirmMismatch)).toBeTruthy();
    expect(callsTo('/user/register', sentBefore)).toEqual([]);

    await user.clear(within(form).getByLabelText(zh.sys.login.userName));
    await user.type(within(form).getByLabelText(zh.sys.login.userName), taken);
    await user.clear(within(form).getByLabelText(zh.sys.login.password));
    await user.type(within(form).getByLabelText(zh.sys.login.password), PASSWORD);
    await user.clear(within(form).getByLabelText(zh.sys.login.confirmPassword));
    await user.type(within(form).getByLabelText(zh.sys.login.confirmPassword), PASSWORD);
    await user.click(within(form).getByRole('button', { name: zh.sys.login.registerButton }));
    expect((await within(form).findByRole('alert')).textContent).toBe(serverZh('auth.usernameTaken', { username: taken }));
    expect(callsTo('/user/register', sentBefore)).toHaveLength(1);

    const fresh = `${taken}_new`;
    await user.clear(within(form).getByLabelText(zh.sys.login.userName));
    await user.type(within(form).getByLabelText(zh.sys.login.userName), fresh);
    await user.click(within(form).getByRole('button', { name: zh.sys.login.registerButton }));
    await screen.findByTestId('points-balance');
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(screen.getAllByText(fresh).length).toBeGreaterThan(0);
  });

  it('forgot password: e-mail first, then code and new password; the code is checked by the server', async () => {
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: zh.sys.login.forgetPassword }));
    const form = await screen.findByRole('form', { name: zh.sys.login.forgetFormTitle });
    const sentBefore = sentRequests.length;

    await user.type(within(form).getByLabelText(zh.sys.login.email), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.sendCode }));
    expect(within(form).getByText(zh.sys.validation.emailFormat)).toBeTruthy();
    expect(callsTo('/send_email_code', sentBefore)).toEqual([]);

    await user.clear(within(form).getByLabelText(zh.sys.login.email));
    await user.type(within(form).getByLabelText(zh.sys.login.email), 'nobody@example.com');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.sendCode }));
    expect(await within(form).findByText(fill(zh.sys.login.codeSentTo, { email: 'nobody@example.com' }))).toBeTruthy();
    expect((within(form).getByRole('button', { name: pattern(zh.sys.login.resendIn) }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(form).getByLabelText(zh.sys.login.emailCode), '12345');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.resetPassword }));
    expect(within(form).getByText(zh.sys.validation.codeFormat)).toBeTruthy();
    expect(within(form).getByText(zh.sys.validation.passwordRequired)).toBeTruthy();

    await user.type(within(form).getByLabelText(zh.sys.login.emailCode), '9');
    await user.type(within(form).getByLabelText(zh.sys.login.newPassword), PASSWORD);
    await user.type(within(form).getByLabelText(zh.sys.login.confirmPassword), PASSWORD);
    await user.click(within(form).getByRole('button', { name: zh.sys.login.resetPassword }));
    expect((await within(form).findByRole('alert')).textContent).toBe(serverZh('verification.wrongCode'));
    expect(callsTo('/reset_password', sentBefore)).toHaveLength(1);
  });

  it('mobile: checks the number, counts down after sending the code, shows a refused code inline', async () => {
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: zh.sys.login.mobileSignIn }));
    const form = await screen.findByRole('form', { name: zh.sys.login.mobileSignInFormTitle });
    const sentBefore = sentRequests.length;

    await user.type(within(form).getByLabelText(zh.sys.login.mobile), '12ab');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.sendCode }));
    expect(within(form).getByText(zh.sys.validation.mobileFormat)).toBeTruthy();
    expect(callsTo('AccountSendMsgCode', sentBefore)).toEqual([]);

    await user.clear(within(form).getByLabelText(zh.sys.login.mobile));
    await user.type(within(form).getByLabelText(zh.sys.login.mobile), '+8613800138000');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.sendCode }));
    expect(await within(form).findByText(zh.sys.login.smsCodeSent)).toBeTruthy();
    expect((within(form).getByRole('button', { name: pattern(zh.sys.login.resendIn) }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(form).getByLabelText(zh.sys.login.smsCode), '123456');
    await user.click(within(form).getByRole('button', { name: zh.sys.login.loginButton }));
    expect(await within(form).findByRole('alert')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('QR code: polls the code; once a signed-in device approves it, the console is signed in', async () => {
    const { token } = await registerAccount(server.url);
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: zh.sys.login.qrSignIn }));
    expect(await screen.findByRole('img', { name: zh.sys.login.qrAlt })).toBeTruthy();

    const poll = await waitFor(() => {
      const request = sentRequests.find((sent) => sent.includes('/user/qr/status?'));
      if (!request) throw new Error('not polled yet');
      return request;
    });
    const id = new URLSearchParams(poll.split('?')[1]).get('id') as string;
    await callServer(server.url, 'POST', '/api/v1/user/qr/confirm', { id, action: 'scan' }, token);
    expect(await screen.findByText(zh.sys.login.qrScanned)).toBeTruthy();
    await callServer(server.url, 'POST', '/api/v1/user/qr/confirm', { id, action: 'confirm' }, token);
    await screen.findByTestId('points-balance');
    expect(window.location.pathname).toBe('/dashboard/analysis');
  });
});
