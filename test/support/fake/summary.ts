/** `GET /api/v2/transactions/{h}/summary` in the fake explorer (bodies in ./summary-data.ts). */
import { getDataset } from '../data.js';
import { enumOf, transactionHash, type RouteResolver } from './kit.js';
import { summaryReply } from './summary-data.js';

export const summaryRoutes: RouteResolver = (segments) => {
  const [, , c, hash, sub, more] = segments;
  if (c !== 'transactions' || hash === undefined || sub !== 'summary' || more !== undefined) return null;
  return {
    kind: 'plain',
    params: { just_request_body: enumOf('true', 'false') },
    hashParam: { pointer: 'transaction_hash_param', value: hash, check: transactionHash },
    handle: () => summaryReply(hash, getDataset().transactions.has(hash.toLowerCase())),
  };
};
