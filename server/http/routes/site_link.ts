import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { linkReport, listInternalLinks, undoInternalLink } from '../../domain/links/siteLinks';
import { ok, withNotFound } from '../envelope';
import { internalLinkEndpoints } from '../../../contract/endpoints/internalLink';
import { routesOf } from '../serve';

const tags = ['site'];

/** A site's internal links: the links made, undoing one (its post updated again), and the orphan and broken-link report. */
const siteLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const route = routesOf(app, { tags, replies: withNotFound });

  route(internalLinkEndpoints.siteLinkList, { keyScope: 'read', permission: 'signedIn' }, async (request) =>
    ok(await listInternalLinks(ctx, request.accountId, request.query)),
  );

  route(internalLinkEndpoints.siteLinkUndo, { keyScope: 'sites', permission: 'site:edit' }, async (request) =>
    ok(await undoInternalLink(ctx, request.accountId, request.body.id)),
  );

  route(internalLinkEndpoints.siteLinkReport, { keyScope: 'read', permission: 'signedIn' }, async (request) =>
    ok(await linkReport(ctx, request.accountId, request.query.site_id)),
  );
};

export default siteLinkRoutes;
