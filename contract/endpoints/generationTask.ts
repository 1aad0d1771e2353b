import { endpoint } from '../endpoint';
import {
  GenerationTask,
  GenerationTaskAddBody,
  GenerationTaskAdded,
  GenerationTaskDetail,
  GenerationTaskDetailQuery,
  GenerationTaskListQuery,
  RetryItemBody,
} from '../schemas/generationTask';
import { IdBody, ListOf } from '../schemas/common';
import { GenerationTaskQuoteBody, Quote } from '../schemas/quote';
import { ApiPath } from '../paths';

/** Generation tasks: list, add (checked against the balance), quote, progress, actions and retrying an item. */
export const generationTaskEndpoints = {
  articleTaskList: endpoint.get(ApiPath.articleTaskList, { query: GenerationTaskListQuery, reply: ListOf(GenerationTask) }),
  articleTaskAdd: endpoint.post(ApiPath.articleTaskAdd, { body: GenerationTaskAddBody, reply: GenerationTaskAdded }),
  articleTaskQuote: endpoint.post(ApiPath.articleTaskQuote, { body: GenerationTaskQuoteBody, reply: Quote }),
  articleTaskDetail: endpoint.get(ApiPath.articleTaskDetail, { query: GenerationTaskDetailQuery, reply: GenerationTaskDetail }),
  articleTaskPause: endpoint.post(ApiPath.articleTaskPause, { body: IdBody, reply: GenerationTask }),
  articleTaskResume: endpoint.post(ApiPath.articleTaskResume, { body: IdBody, reply: GenerationTask }),
  articleTaskCancel: endpoint.post(ApiPath.articleTaskCancel, { body: IdBody, reply: GenerationTask }),
  articleTaskRetryItem: endpoint.post(ApiPath.articleTaskRetryItem, { body: RetryItemBody, reply: GenerationTask }),
};
