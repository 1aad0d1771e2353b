import { endpoint } from '../endpoint';
import { ErrorLogAddBody, ErrorLogAdded, ErrorLogList, ErrorLogListQuery } from '../schemas/errorLog';
import { ApiPath } from '../paths';

/** Errors the console reports, and their list. */
export const errorLogEndpoints = {
  errorLogAdd: endpoint.post(ApiPath.errorLogAdd, { body: ErrorLogAddBody, reply: ErrorLogAdded }),
  errorLogList: endpoint.get(ApiPath.errorLogList, { query: ErrorLogListQuery, reply: ErrorLogList }),
};
