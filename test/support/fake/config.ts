/**
 * The fake explorer's configuration endpoints (`scout explorer`), strict as the real ones (no
 * parameter but the key): `/api/v2/config/backend-version`, `/backend`, `/indexer`, `/csv-export`,
 * `/public-metrics`, `/smart-contracts/languages`, `/db-background-migrations`. The backend's chain
 * type carries hostile text, as anything the explorer sends may. (The indexing status is
 * ../server.ts's, shaped by its options.)
 */
import { json, type Route, type RouteResolver } from './kit.js';
import type { Json } from '../data.js';

/** What each endpoint answers, as the real server shapes it. */
export const CONFIG: Readonly<Record<string, Json>> = {
  'backend-version': { backend_version: 'v9.1.0-beta.+commit.1a2b3c4d' },
  backend: { chain_type: 'ethereum\u001b]0;pwned\u0007', openapi_spec_folder_name: 'ethereum' },
  indexer: {
    block_reward_fetcher_enabled: true,
    indexer_enabled: true,
    internal_transactions_fetcher_enabled: true,
    pending_transactions_fetcher_enabled: false,
    token_instance_retry_fetcher_enabled: true,
    token_instance_sanitize_fetcher_enabled: true,
  },
  'csv-export': { async_enabled: false, limit: 10000 },
  'public-metrics': { update_period_hours: 24 },
  'smart-contracts/languages': { languages: ['solidity', 'vyper', 'yul', 'stylus_rust'] },
  'db-background-migrations': { migrations_finished: true },
};

const plain = (value: Json): Route => ({ kind: 'plain', params: {}, handle: () => json(200, value) });

export const configRoutes: RouteResolver = (segments) => {
  const [a, b, c, ...rest] = segments;
  if (a !== 'api' || b !== 'v2' || c !== 'config') return null;
  const value = CONFIG[rest.join('/')];
  return value === undefined ? null : plain(value);
};
