import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/** Waits, if need be, for a fresh 30 s step, so the codes of a scenario stay valid while it runs. */
export async function startOfTotpStep(): Promise<void> {
  const intoStep = Date.now() % PERIOD_MS;
  if (intoStep > PERIOD_MS - 15_000) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - intoStep + 200));
}

/**
 * The codes of an authenticator app for `secret`. The server accepts one step of drift and each
 * step once, so codes are handed out for consecutive steps, starting with the previous one.
 */
export function authenticatorApp(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const baseStep = Math.floor(Date.now() / PERIOD_MS);
  const codeFor = (step: number) => totp.generate({ timestamp: step * PERIOD_MS });
  let next = baseStep - 1;
  return {
    nextCode: () => codeFor(next++),
    /** A code of no nearby step. */
    wrongCode: () => {
      const near = new Set([-2, -1, 0, 1, 2, 3].map((offset) => codeFor(baseStep + offset)));
      return ['000000', '111111', '222222'].find((code) => !near.has(code)) as string;
    },
  };
}
