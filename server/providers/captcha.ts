import { createRequire } from 'node:module';
import type SvgCaptcha from 'svg-captcha';

/** One graphic captcha: the answer (kept by the server, hashed) and the picture that shows it. */
export interface CaptchaChallenge {
  text: string;
  svg: string;
}

/** Makes captcha pictures; injectable through AppOptions so a test can know the answer. */
export interface CaptchaGenerator {
  create(): CaptchaChallenge;
}

/** svg-captcha: four characters, easily confused ones left out, a little noise. */
export function createSvgCaptchaGenerator(): CaptchaGenerator {
  return {
    create() {
      // Loaded with the first captcha: it reads and parses its font as it loads, ~40 ms of a start.
      const svgCaptcha = createRequire(import.meta.url)('svg-captcha') as typeof SvgCaptcha;
      const { text, data } = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlL', noise: 2, color: true, width: 120, height: 40 });
      return { text, svg: data };
    },
  };
}
