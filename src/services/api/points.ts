import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { PointsList } from '../../../contract/schemas/points';
import { http } from '../http';

export type PointsPage = Static<typeof PointsList>;

/** The balance, the prices, and a page of the append-only ledger. */
/** Filters: a reason, days `YYYY-MM-DD` from and to. */
export const pointsList = (query: { page: number; page_size: number; reason?: string; date_from?: string; date_to?: string }) =>
  http.get(ApiPath.pointsList, { ...query });
