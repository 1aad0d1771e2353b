import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { PromptAddBody, PromptEditBody, PromptKind, PromptPreviewBody } from '../../../contract/schemas/prompt';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { promptEndpoints } from '../../../contract/endpoints/prompt';

/** Prompt templates. The server refuses unknown `{variables}` by name; forms show it inline. */
const FORM: CallOptions = { errorMessageMode: 'none' };

export const promptList = (query: { page: number; page_size: number; kind?: PromptKind }) =>
  http.get<ReplyOf<typeof promptEndpoints.promptList>>(ApiPath.promptList, { ...query });
export const promptAdd = (body: Static<typeof PromptAddBody>) =>
  http.post<ReplyOf<typeof promptEndpoints.promptAdd>>(ApiPath.promptAdd, body, FORM);
export const promptEdit = (body: Static<typeof PromptEditBody>) =>
  http.put<ReplyOf<typeof promptEndpoints.promptEdit>>(ApiPath.promptEdit, body, FORM);
export const promptDel = (id: number) => http.delete<ReplyOf<typeof promptEndpoints.promptDel>>(ApiPath.promptDel, { id });
/** The template filled with sample values. */
export const promptPreview = (body: Static<typeof PromptPreviewBody>) =>
  http.post<ReplyOf<typeof promptEndpoints.promptPreview>>(ApiPath.promptPreview, body, FORM);
