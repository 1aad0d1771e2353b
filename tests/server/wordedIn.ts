import { expect } from 'vitest';
import type { Language } from '../../contract/languages';
import { WordedError } from '../../server/i18n/wordedError';
import { render, type Message } from '../../server/i18n/messages';

/**
 * A failure's reason as a reader in `language` reads it. The failure must keep its reason as a
 * message of the catalog, worded when read, not as a sentence in one language.
 */
export function wordedIn(failure: unknown, language: Language): string {
  expect(failure).toBeInstanceOf(WordedError);
  const { reason } = failure as WordedError;
  expect(typeof reason, 'a message of the catalog').toBe('object');
  return render(language, reason as Message);
}
