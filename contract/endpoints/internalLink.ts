import { endpoint } from '../endpoint';
import { InternalLink, InternalLinkListQuery, InternalLinkUndoBody, LinkReport, LinkReportQuery } from '../schemas/internalLink';
import { ListOf } from '../schemas/common';
import { ApiPath } from '../paths';

/** A site's internal links: list, undo one, and the report. */
export const internalLinkEndpoints = {
  siteLinkList: endpoint.get(ApiPath.siteLinkList, { query: InternalLinkListQuery, reply: ListOf(InternalLink) }),
  siteLinkUndo: endpoint.post(ApiPath.siteLinkUndo, { body: InternalLinkUndoBody, reply: InternalLink }),
  siteLinkReport: endpoint.get(ApiPath.siteLinkReport, { query: LinkReportQuery, reply: LinkReport }),
};
