import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { PromptAddBody, PromptEditBody, PromptKind, PromptPreviewBody } from '../../../contract/schemas/prompt';
import { http, type CallOptions } from '../http';

/** Prompt templates. The server refuses unknown `{variables}` by name; forms show it inline. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const promptList = (query: { page: number; page_size: number; kind?: PromptKind }) => http.get(ApiPath.promptList, { ...query });
export const promptAdd = (body: Static<typeof PromptAddBody>) => http.post(ApiPath.promptAdd, body, FORM);
export const promptEdit = (body: Static<typeof PromptEditBody>) => http.put(ApiPath.promptEdit, body, FORM);
export const promptDel = (id: number) => http.delete(ApiPath.promptDel, { id });
/** The template filled with sample values. */
export const promptPreview = (body: Static<typeof PromptPreviewBody>) => http.post(ApiPath.promptPreview, body, FORM);
