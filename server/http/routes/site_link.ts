import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiPath } from '../../../contract/paths';
import { ListOf } from '../../../contract/schemas/common';
import {
  InternalLink,
  InternalLinkListQuery,
  InternalLinkUndoBody,
  LinkReport,
  LinkReportQuery,
} from '../../../contract/schemas/internalLink';
import { linkReport, listInternalLinks, undoInternalLink } from '../../domain/links/siteLinks';
import { ErrorReply, Reply, errorReplies, ok } from '../envelope';

const replies = { ...errorReplies, 404: ErrorReply };
const tags = ['site'];

/** A site's internal links: the links made, undoing one (its post updated again), and the orphan and broken-link report. */
const siteLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ApiPath.siteLinkList,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: InternalLinkListQuery, response: { 200: Reply(ListOf(InternalLink)), ...replies } },
    },
    async (request) => ok(await listInternalLinks(ctx, request.accountId, request.query)),
  );

  app.post(
    ApiPath.siteLinkUndo,
    {
      config: { keyScope: 'sites', permission: 'site:edit' },
      schema: { tags, body: InternalLinkUndoBody, response: { 200: Reply(InternalLink), ...replies } },
    },
    async (request) => ok(await undoInternalLink(ctx, request.accountId, request.body.id)),
  );

  app.get(
    ApiPath.siteLinkReport,
    {
      config: { keyScope: 'read', permission: 'signedIn' },
      schema: { tags, querystring: LinkReportQuery, response: { 200: Reply(LinkReport), ...replies } },
    },
    async (request) => ok(await linkReport(ctx, request.accountId, request.query.site_id)),
  );
};

export default siteLinkRoutes;
