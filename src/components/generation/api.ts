import { useCall, type HandlersOf } from '../../app/useCall';
import { useLoad } from '../../app/useLoad';
import { useQuote } from '../../app/useQuote';
import { generationTaskAdd } from '../../services/api/generationTask';
import { promptList } from '../../services/api/prompt';
import { providerGet } from '../../services/api/provider';
import { generationTaskQuote } from '../../services/api/quote';

export const useStartGeneration = (handlers?: HandlersOf<typeof generationTaskAdd>) => useCall(generationTaskAdd, handlers);

/** What a generation task costs; nothing asked while `input` is null. */
export const useGenerationQuote = (input: Parameters<typeof generationTaskQuote>[0] | null) => useQuote(generationTaskQuote, input);

const ARTICLE_PROMPTS = { page: 1, page_size: 100, kind: 'article' } as const;

/** The templates an article may be written with. */
export const useArticlePrompts = () => useLoad(promptList, ARTICLE_PROMPTS);

const NOTHING = {};

/** The model the account's articles are written with (the built-in writer without one). */
export const useModelSettings = () => useLoad(providerGet, NOTHING);
