import type { InputOf, Method, ReplyOf } from './endpoint';
import type { accessKeyEndpoints } from './endpoints/accessKey';
import type { appEndpoints } from './endpoints/app';
import type { articleEndpoints } from './endpoints/article';
import type { articleRefreshEndpoints } from './endpoints/articleRefresh';
import type { articleVersionEndpoints } from './endpoints/articleVersion';
import type { authEndpoints } from './endpoints/auth';
import type { dashboardEndpoints } from './endpoints/dashboard';
import type { errorLogEndpoints } from './endpoints/errorLog';
import type { generationTaskEndpoints } from './endpoints/generationTask';
import type { internalLinkEndpoints } from './endpoints/internalLink';
import type { inviteEndpoints } from './endpoints/invite';
import type { menuEndpoints } from './endpoints/menu';
import type { noticeEndpoints } from './endpoints/notice';
import type { outboxEndpoints } from './endpoints/outbox';
import type { pointsEndpoints } from './endpoints/points';
import type { promptEndpoints } from './endpoints/prompt';
import type { providerEndpoints } from './endpoints/provider';
import type { publishingTaskEndpoints } from './endpoints/publishingTask';
import type { siteEndpoints } from './endpoints/site';
import type { systemEndpoints } from './endpoints/system';
import type { topupEndpoints } from './endpoints/topup';
import type { uploadEndpoints } from './endpoints/upload';
import type { userEndpoints } from './endpoints/user';
import type { workorderEndpoints } from './endpoints/workorder';

type Row<Table> = Table[keyof Table];

/** Every endpoint of every area's table, each with its method and path as literal types. */
export type AnyEndpoint =
  | Row<typeof accessKeyEndpoints>
  | Row<typeof appEndpoints>
  | Row<typeof articleEndpoints>
  | Row<typeof articleRefreshEndpoints>
  | Row<typeof articleVersionEndpoints>
  | Row<typeof authEndpoints>
  | Row<typeof dashboardEndpoints>
  | Row<typeof errorLogEndpoints>
  | Row<typeof generationTaskEndpoints>
  | Row<typeof internalLinkEndpoints>
  | Row<typeof inviteEndpoints>
  | Row<typeof menuEndpoints>
  | Row<typeof noticeEndpoints>
  | Row<typeof outboxEndpoints>
  | Row<typeof pointsEndpoints>
  | Row<typeof promptEndpoints>
  | Row<typeof providerEndpoints>
  | Row<typeof publishingTaskEndpoints>
  | Row<typeof siteEndpoints>
  | Row<typeof systemEndpoints>
  | Row<typeof topupEndpoints>
  | Row<typeof uploadEndpoints>
  | Row<typeof userEndpoints>
  | Row<typeof workorderEndpoints>;

/** The endpoint served at `method` and `path`. */
export type EndpointAt<M extends Method, P extends string> = Extract<AnyEndpoint, { method: M; path: P }>;

/** The paths served with `method`. */
export type PathOf<M extends Method> = Extract<AnyEndpoint, { method: M }>['path'];

/** What a call to `method` `path` sends: its query or its body. */
export type InputAt<M extends Method, P extends string> = InputOf<EndpointAt<M, P>>;

/** What `data` holds when a call to `method` `path` succeeds. */
export type ReplyAt<M extends Method, P extends string> = ReplyOf<EndpointAt<M, P>>;
