import type { PromptValues } from '../../domain/generation/promptTemplates';

/** The steps of writing an article, each one call to the writer; `lengthen` only when the body came out short. */
export type WriteStep = 'outline' | 'article' | 'lengthen' | 'faq' | 'meta';

export interface CompletionRequest {
  step: WriteStep;
  /** Says what form the answer must take (JSON, Markdown); the user's template is `prompt`. */
  system: string;
  prompt: string;
  /** The values the prompt was filled with: the offline writer works from these. */
  values: PromptValues;
  maxTokens: number;
  signal?: AbortSignal;
  /** The site's own related articles, to link to. */
  related?: RelatedArticle[];
  /** Titles already used on the site: the new one must differ. */
  avoidTitles?: string[];
}

/** An article of the same site, to link to from a new one. */
export interface RelatedArticle {
  title: string;
  url: string;
}

/** Anything that answers a prompt with text: a chat-completions model, or the offline writer. */
export interface Writer {
  /** `offline`, or the model's name; stored on each article. */
  readonly name: string;
  readonly offline: boolean;
  complete(request: CompletionRequest): Promise<string>;
}
