/**
 * Every command scout has, by area, in the order `scout --help` and completion list them: topics
 * (each with its list of verbs in its index.ts) and top-level commands. Only specs load here (spec.ts).
 */
import aa from './aa/index.js';
import address from './address/index.js';
import admin from './admin/index.js';
import api from './api/api.js';
import block from './block/index.js';
import blocks from './blocks/blocks.js';
import cache from './cache/index.js';
import chains from './chains/chains.js';
import completion from './completion/completion.js';
import config from './config/index.js';
import contract from './contract/index.js';
import contracts from './discover/contracts.js';
import decode from './decode/index.js';
import deposits from './feeds/deposits.js';
import hot from './discover/hot.js';
import internalTxs from './feeds/internal-txs.js';
import help from './help/help.js';
import open from './open/open.js';
import portfolio from './portfolio/portfolio.js';
import rpc from './rpc/rpc.js';
import gas from './network/gas.js';
import stats from './network/stats.js';
import explorer from './network/explorer.js';
import exportCmd from './export/export.js';
import accounts from './network/accounts.js';
import search from './search/search.js';
import type { CommandSpec, TopicSpec } from '../kit/spec.js';
import token from './token/index.js';
import tokens from './discover/tokens.js';
import transfers from './feeds/transfers.js';
import tx from './tx/index.js';
import txs from './feeds/txs.js';
import withdrawals from './feeds/withdrawals.js';
import userop from './userop/userop.js';

/** The areas of `scout --help`, each a heading and its commands. */
export const AREAS: readonly { readonly heading: string; readonly entries: readonly (TopicSpec | CommandSpec)[] }[] = [
  { heading: 'Look up', entries: [address, tx, block, token, contract, portfolio, exportCmd] },
  { heading: 'Latest on the chain', entries: [blocks, txs, transfers, internalTxs, withdrawals, deposits] },
  { heading: 'Discover', entries: [tokens, contracts, hot, accounts] },
  { heading: 'Account abstraction (ERC-4337)', entries: [userop, aa] },
  { heading: 'Decode', entries: [decode] },
  { heading: 'Find and open', entries: [search, open] },
  { heading: 'Network and chains', entries: [stats, gas, explorer, chains] },
  { heading: 'Admin and raw API', entries: [admin, api, rpc] },
  { heading: 'Set up', entries: [config, cache, completion, help] },
];

export const COMMANDS: readonly (TopicSpec | CommandSpec)[] = AREAS.flatMap((a) => a.entries);
