import { sentRequests } from './support/realServer';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD, callServer, registerAccount } from './support/accounts';
import { consoleOnRealServer } from './support/consoleOnRealServer';

/** The forms of /login against the real server: they validate before sending and show the server's answers. */

const server = consoleOnRealServer({}, '10.9.2');

async function openLoginPage() {
  await server.open('/login');
  await screen.findByRole('form', { name: '账号登录' }, { timeout: 10_000 });
  return userEvent.setup();
}

const callsTo = (path: string, since: number) => sentRequests.slice(since).filter((request) => request.includes(path));

describe('the login page forms', () => {
  it('register: validates each field before sending, shows the server refusal inline, then signs the new account in', async () => {
    const { username: taken } = await registerAccount(server.url);
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: '注册' }));
    const form = screen.getByRole('form', { name: '创建账号' });
    const sentBefore = sentRequests.length;

    await user.click(within(form).getByRole('button', { name: '注册' }));
    expect(within(form).getByText('请输入账号')).toBeTruthy();
    expect(within(form).getByText('请输入密码')).toBeTruthy();
    expect(within(form).getByText('请再次输入密码')).toBeTruthy();

    await user.type(within(form).getByLabelText('账号'), 'no spaces allowed');
    await user.type(within(form).getByLabelText('密码'), 'short');
    await user.type(within(form).getByLabelText('确认密码'), 'different');
    await user.click(within(form).getByRole('button', { name: '注册' }));
    expect(within(form).getByText('账号为 3–32 位字母、数字或 _ . @ -')).toBeTruthy();
    expect(within(form).getByText('密码长度为 8–128 位')).toBeTruthy();
    expect(within(form).getByText('两次输入的密码不一致')).toBeTruthy();
    expect(callsTo('/user/register', sentBefore)).toEqual([]);

    await user.clear(within(form).getByLabelText('账号'));
    await user.type(within(form).getByLabelText('账号'), taken);
    await user.clear(within(form).getByLabelText('密码'));
    await user.type(within(form).getByLabelText('密码'), PASSWORD);
    await user.clear(within(form).getByLabelText('确认密码'));
    await user.type(within(form).getByLabelText('确认密码'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: '注册' }));
    expect((await within(form).findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain(`"${taken}" is taken`);
    expect(callsTo('/user/register', sentBefore)).toHaveLength(1);

    const fresh = `${taken}_new`;
    await user.clear(within(form).getByLabelText('账号'));
    await user.type(within(form).getByLabelText('账号'), fresh);
    await user.click(within(form).getByRole('button', { name: '注册' }));
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(screen.getAllByText(fresh).length).toBeGreaterThan(0);
  }, 60_000);

  it('forgot password: e-mail first, then code and new password; the code is checked by the server', async () => {
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: '忘记密码？' }));
    const form = screen.getByRole('form', { name: '找回密码' });
    const sentBefore = sentRequests.length;

    await user.type(within(form).getByLabelText('邮箱'), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(within(form).getByText('请输入正确的邮箱地址')).toBeTruthy();
    expect(callsTo('/send_email_code', sentBefore)).toEqual([]);

    await user.clear(within(form).getByLabelText('邮箱'));
    await user.type(within(form).getByLabelText('邮箱'), 'nobody@example.com');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(await within(form).findByText('验证码已发送至 nobody@example.com，请查收', {}, { timeout: 10_000 })).toBeTruthy();
    expect((within(form).getByRole('button', { name: /秒后重新获取/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(form).getByLabelText('邮箱验证码'), '12345');
    await user.click(within(form).getByRole('button', { name: '重置密码' }));
    expect(within(form).getByText('验证码为 6 位数字')).toBeTruthy();
    expect(within(form).getByText('请输入密码')).toBeTruthy();

    await user.type(within(form).getByLabelText('邮箱验证码'), '9');
    await user.type(within(form).getByLabelText('新密码'), PASSWORD);
    await user.type(within(form).getByLabelText('确认密码'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: '重置密码' }));
    expect((await within(form).findByRole('alert', {}, { timeout: 10_000 })).textContent).toMatch(/code/i);
    expect(callsTo('/reset_password', sentBefore)).toHaveLength(1);
  }, 60_000);

  it('mobile: checks the number, counts down after sending the code, shows a refused code inline', async () => {
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: '手机登录' }));
    const form = screen.getByRole('form', { name: '手机登录' });
    const sentBefore = sentRequests.length;

    await user.type(within(form).getByLabelText('手机号码'), '12ab');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(within(form).getByText('请输入正确的手机号码（6–15 位数字，可带 +）')).toBeTruthy();
    expect(callsTo('AccountSendMsgCode', sentBefore)).toEqual([]);

    await user.clear(within(form).getByLabelText('手机号码'));
    await user.type(within(form).getByLabelText('手机号码'), '+8613800138000');
    await user.click(within(form).getByRole('button', { name: '获取验证码' }));
    expect(await within(form).findByText('短信验证码已发送', {}, { timeout: 20_000 })).toBeTruthy();
    expect((within(form).getByRole('button', { name: /秒后重新获取/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(within(form).getByLabelText('短信验证码'), '123456');
    await user.click(within(form).getByRole('button', { name: '登录' }));
    expect(await within(form).findByRole('alert', {}, { timeout: 20_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  }, 60_000);

  it('QR code: polls the code; once a signed-in device approves it, the console is signed in', async () => {
    const { token } = await registerAccount(server.url);
    const user = await openLoginPage();
    await user.click(screen.getByRole('button', { name: '扫码登录' }));
    expect(await screen.findByRole('img', { name: '登录二维码' }, { timeout: 10_000 })).toBeTruthy();

    const poll = await waitFor(
      () => {
        const request = sentRequests.find((sent) => sent.includes('/user/qr/status?'));
        if (!request) throw new Error('not polled yet');
        return request;
      },
      { timeout: 10_000 },
    );
    const id = new URLSearchParams(poll.split('?')[1]).get('id') as string;
    await callServer(server.url, 'POST', '/api/v1/user/qr/confirm', { id, action: 'scan' }, token);
    expect(await screen.findByText('已扫码，请在设备上确认', {}, { timeout: 10_000 })).toBeTruthy();
    await callServer(server.url, 'POST', '/api/v1/user/qr/confirm', { id, action: 'confirm' }, token);
    await screen.findByTestId('points-balance', {}, { timeout: 10_000 });
    expect(window.location.pathname).toBe('/dashboard/analysis');
  }, 60_000);
});
