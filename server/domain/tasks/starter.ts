import type { Language } from '../../../contract/languages';

/**
 * Who starts a task: the user (a sub-account acts in its owner's account), named in the notices
 * of its end, and the language they read, in which a task given no name is named.
 */
export type Starter = { userId: number | null; language: Language };

/** A task started by no one in particular (a script's, a test's): no author in its notices, named in English. */
export const NOBODY: Starter = { userId: null, language: 'en' };
