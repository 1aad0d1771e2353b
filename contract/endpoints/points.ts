import { endpoint } from '../endpoint';
import { PointsExportQuery, PointsList, PointsListQuery } from '../schemas/points';
import { GrantBody, Granted } from '../schemas/topup';
import { ApiPath } from '../paths';

/** The points ledger, its CSV, and grants by the operator. */
export const pointsEndpoints = {
  pointsList: endpoint.get(ApiPath.pointsList, { query: PointsListQuery, reply: PointsList }),
  pointsExport: endpoint.get(ApiPath.pointsExport, { query: PointsExportQuery }),
  pointsGrant: endpoint.post(ApiPath.pointsGrant, { body: GrantBody, reply: Granted }),
};
