import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { linkReport, listInternalLinks, undoInternalLink } from '../../domain/links/siteLinks';
import { ok, withNotFound } from '../envelope';
import { internalLinkEndpoints } from '../../../contract/endpoints/internalLink';
import { serve } from '../serve';

const tags = ['site'];

/** A site's internal links: the links made, undoing one (its post updated again), and the orphan and broken-link report. */
const siteLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(
    app,
    internalLinkEndpoints.siteLinkList,
    { tags, keyScope: 'read', permission: 'signedIn', replies: withNotFound },
    async (request) => ok(await listInternalLinks(ctx, request.accountId, request.query)),
  );

  serve(
    app,
    internalLinkEndpoints.siteLinkUndo,
    { tags, keyScope: 'sites', permission: 'site:edit', replies: withNotFound },
    async (request) => ok(await undoInternalLink(ctx, request.accountId, request.body.id)),
  );

  serve(
    app,
    internalLinkEndpoints.siteLinkReport,
    { tags, keyScope: 'read', permission: 'signedIn', replies: withNotFound },
    async (request) => ok(await linkReport(ctx, request.accountId, request.query.site_id)),
  );
};

export default siteLinkRoutes;
