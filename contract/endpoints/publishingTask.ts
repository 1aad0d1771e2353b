import { endpoint } from '../endpoint';
import {
  Publication,
  PublicationQuery,
  PublishGenerateBody,
  PublishGenerated,
  PublishRetryBody,
  PublishingTask,
  PublishingTaskAddBody,
  PublishingTaskDetail,
  PublishingTaskDetailQuery,
  PublishingTaskListQuery,
} from '../schemas/publishingTask';
import { IdBody, ListOf } from '../schemas/common';
import { Quote, TaskQuoteBody } from '../schemas/quote';
import { ExportQuery } from '../schemas/publishExport';
import { ApiPath } from '../paths';

/** Publishing tasks: list, add (or generate and publish), quote, their publications, actions and the export. */
export const publishingTaskEndpoints = {
  taskList: endpoint.get(ApiPath.taskList, { query: PublishingTaskListQuery, reply: ListOf(PublishingTask) }),
  taskAdd: endpoint.post(ApiPath.taskAdd, { body: PublishingTaskAddBody, reply: PublishingTask }),
  taskGenerate: endpoint.post(ApiPath.taskGenerate, { body: PublishGenerateBody, reply: PublishGenerated }),
  taskQuote: endpoint.post(ApiPath.taskQuote, { body: TaskQuoteBody, reply: Quote }),
  taskDetail: endpoint.get(ApiPath.taskDetail, { query: PublishingTaskDetailQuery, reply: PublishingTaskDetail }),
  taskPause: endpoint.post(ApiPath.taskPause, { body: IdBody, reply: PublishingTask }),
  taskResume: endpoint.post(ApiPath.taskResume, { body: IdBody, reply: PublishingTask }),
  taskCancel: endpoint.post(ApiPath.taskCancel, { body: IdBody, reply: PublishingTask }),
  taskRetry: endpoint.post(ApiPath.taskRetry, { body: PublishRetryBody, reply: PublishingTask }),
  taskPublications: endpoint.get(ApiPath.taskPublications, { query: PublicationQuery, reply: ListOf(Publication) }),
  taskExport: endpoint.get(ApiPath.taskExport, { query: ExportQuery }),
};
