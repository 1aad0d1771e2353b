import { scenario } from '../harness';
import { PASSWORD, registerAccount, uniqueUsername } from '../api';
import { check, signIn, waitForOverview } from '../pages';
import { fill, zh } from '../texts';

export const qrLoginScenarios = [
  scenario('sign in by QR code: a signed-in browser opens the code and approves it', async ({ newPage, baseUrl, screenshot }) => {
    const username = uniqueUsername('qr');
    await registerAccount(baseUrl, username);

    const newDevice = await newPage();
    await newDevice.goto('/login');
    const created = newDevice.waitForResponse((response) => response.url().includes('/api/v1/user/qr/create'));
    await newDevice.getByRole('button', { name: zh.sys.login.qrSignIn }).click();
    const { data } = (await (await created).json()) as { data: { id: string; url: string } };
    await newDevice.getByRole('img', { name: zh.sys.login.qrAlt }).waitFor();
    await screenshot(newDevice, 'login-qr');

    const phone = await newPage();
    await phone.goto('/login');
    await signIn(phone, username, PASSWORD);
    await waitForOverview(phone);
    const approvalUrl = new URL(data.url);
    check(approvalUrl.pathname === '/qr-approve', `the QR code opens the approval page, got ${data.url}`);
    await phone.goto(approvalUrl.pathname + approvalUrl.search);
    await phone.getByText(fill(zh.sys.login.qrConfirmAccount, { username })).waitFor();
    await newDevice.getByText(zh.sys.login.qrScanned).waitFor();
    await screenshot(phone, 'qr-approve');
    await phone.getByRole('button', { name: zh.sys.login.qrConfirmButton }).click();
    await phone.getByText(zh.sys.login.qrConfirmed).waitFor();

    await waitForOverview(newDevice);
    await newDevice.getByText(username).first().waitFor();
  }),
];
