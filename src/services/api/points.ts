import { ApiPath } from '../../../contract/paths';
import type { Static } from 'typebox';
import type { PointsList } from '../../../contract/schemas/points';
import { http } from '../http';

export type PointsPage = Static<typeof PointsList>;

/** The balance, the prices, and a page of the append-only ledger. */
export const pointsList = (query: { page: number; page_size: number }) => http.get<PointsPage>(ApiPath.pointsList, { ...query });
