import { ApiPath } from '../../../contract/paths';
import type { GenerationTaskQuoteBody, TaskQuoteBody } from '../../../contract/schemas/quote';
import { http, type CallOptions } from '../http';

/** What a task will charge, as its dialog shows it: a failure is shown in the dialog, not as a toast. */
const QUIET: CallOptions = { errorMessageMode: 'none' };

export const generationTaskQuote = (body: GenerationTaskQuoteBody) => http.post(ApiPath.articleTaskQuote, body, QUIET);
export const taskQuote = (body: TaskQuoteBody) => http.post(ApiPath.taskQuote, body, QUIET);
