import { lazyComponent } from '../../components/feedback/lazyPage';

/**
 * The login page's forms but the first (registering, a forgotten password, SMS and QR
 * sign-in, and the second factor after the password): chunks of their own, so that the first
 * screen fetches the sign-in form alone. `preloadOtherForms` loads them once that form is drawn
 * (see ../firstScreen), long before a user can ask for one.
 */
export const RegisterForm = lazyComponent(() => import('./RegisterForm').then((module) => ({ default: module.RegisterForm })));
export const ForgotPasswordForm = lazyComponent(() =>
  import('./ForgotPasswordForm').then((module) => ({ default: module.ForgotPasswordForm })),
);
export const MobileLoginForm = lazyComponent(() => import('./MobileLoginForm').then((module) => ({ default: module.MobileLoginForm })));
export const QrLoginPanel = lazyComponent(() => import('./QrLoginPanel').then((module) => ({ default: module.QrLoginPanel })));
export const SecondFactorForm = lazyComponent(() =>
  import('../../components/signIn/SecondFactorForm').then((module) => ({ default: module.SecondFactorForm })),
);

export function preloadOtherForms(): Promise<unknown> {
  return Promise.all([RegisterForm, ForgotPasswordForm, MobileLoginForm, QrLoginPanel, SecondFactorForm].map((form) => form.preload()));
}
