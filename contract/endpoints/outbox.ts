import { endpoint } from '../endpoint';
import { OutboxList, OutboxListQuery } from '../schemas/outbox';
import { ApiPath } from '../paths';

/** The outbox of mails and texts (operator). */
export const outboxEndpoints = {
  outboxList: endpoint.get(ApiPath.outboxList, { query: OutboxListQuery, reply: OutboxList }),
};
