import type { PromptValues } from '../../domain/promptTemplates';

/** The steps of writing an article, each one call to the writer. */
export type WriteStep = 'outline' | 'article' | 'faq' | 'meta';

export interface CompletionRequest {
  step: WriteStep;
  /** Says what form the answer must take (JSON, Markdown); the user's template is `prompt`. */
  system: string;
  prompt: string;
  /** The values the prompt was filled with: the offline writer works from these. */
  values: PromptValues;
  maxTokens: number;
  signal?: AbortSignal;
}

/** Anything that answers a prompt with text: a chat-completions model, or the offline writer. */
export interface Writer {
  /** `offline`, or the model's name; stored on each article. */
  readonly name: string;
  readonly offline: boolean;
  complete(request: CompletionRequest): Promise<string>;
}
