import { ApiPath } from '../../../contract/paths';
import type { GenerationTaskQuoteBody, TaskQuoteBody } from '../../../contract/schemas/quote';
import { http, type CallOptions } from '../http';
import type { ReplyOf } from '../../../contract/endpoint';
import type { publishingTaskEndpoints } from '../../../contract/endpoints/publishingTask';
import type { generationTaskEndpoints } from '../../../contract/endpoints/generationTask';

/** What a task will charge, as its dialog shows it: a failure is shown in the dialog, not as a toast. */
const QUIET: CallOptions = { errorMessageMode: 'none' };

export const generationTaskQuote = (body: GenerationTaskQuoteBody) =>
  http.post<ReplyOf<typeof generationTaskEndpoints.articleTaskQuote>>(ApiPath.articleTaskQuote, body, QUIET);
export const taskQuote = (body: TaskQuoteBody) =>
  http.post<ReplyOf<typeof publishingTaskEndpoints.taskQuote>>(ApiPath.taskQuote, body, QUIET);
