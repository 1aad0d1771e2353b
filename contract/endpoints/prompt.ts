import { endpoint } from '../endpoint';
import { Prompt, PromptAddBody, PromptEditBody, PromptListQuery, PromptPreview, PromptPreviewBody } from '../schemas/prompt';
import { Empty, IdBody, ListOf } from '../schemas/common';
import { ApiPath } from '../paths';

/** Prompts: list, add, edit, delete and preview. */
export const promptEndpoints = {
  promptList: endpoint.get(ApiPath.promptList, { query: PromptListQuery, reply: ListOf(Prompt) }),
  promptAdd: endpoint.post(ApiPath.promptAdd, { body: PromptAddBody, reply: Prompt }),
  promptEdit: endpoint.put(ApiPath.promptEdit, { body: PromptEditBody, reply: Prompt }),
  promptDel: endpoint.delete(ApiPath.promptDel, { body: IdBody, reply: Empty }),
  promptPreview: endpoint.post(ApiPath.promptPreview, { body: PromptPreviewBody, reply: PromptPreview }),
};
