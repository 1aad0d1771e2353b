import type { TextWork } from '../domain/articles/articleText';
import type { Message } from '../i18n/messages';

/** A call to the text thread: one of textWork's functions, by name. */
export interface TextCall {
  id: number;
  name: keyof TextWork;
  args: unknown[];
}

/** An error thrown in the thread; a refusal (DomainError) keeps its code, status and message. */
export interface WireError {
  name: string;
  message: string;
  code?: number;
  status?: number;
  text?: Message;
}

export type TextReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };
