import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { Prompt, PromptAddBody, PromptEditBody, PromptKind, PromptPreview, PromptPreviewBody } from '../../../contract/schemas/prompt';
import { http, type CallOptions } from '../http';
import type { Paged } from './site';

/** Prompt templates. The server refuses unknown `{variables}` by name; forms show it inline. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const promptList = (query: { page: number; page_size: number; kind?: PromptKind }) =>
  http.get<Paged<Prompt>>(ApiPath.promptList, { ...query });
export const promptAdd = (body: Static<typeof PromptAddBody>) => http.post<Prompt>(ApiPath.promptAdd, body, FORM);
export const promptEdit = (body: Static<typeof PromptEditBody>) => http.put<Prompt>(ApiPath.promptEdit, body, FORM);
export const promptDel = (id: number) => http.delete<null>(ApiPath.promptDel, { id });
/** The template filled with sample values. */
export const promptPreview = (body: Static<typeof PromptPreviewBody>) =>
  http.post<Static<typeof PromptPreview>>(ApiPath.promptPreview, body, FORM);
