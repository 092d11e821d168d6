/**
 * Every command scout has, by area, in the order `scout --help` and completion list them: topics
 * (each with its list of verbs in its index.ts) and top-level commands, each by its name with the
 * loader of its spec module. A command line that names one loads that one alone (cli.ts): evaluating
 * every spec module was a tenth of a lookup's instructions. test/commands/catalog.test.ts holds each
 * name to its spec's.
 */
import type { CommandSpec, TopicSpec } from '../kit/spec.js';

/** A top-level command or topic: its name, and its spec when loaded. */
export interface Entry {
  readonly name: string;
  readonly load: () => Promise<TopicSpec | CommandSpec>;
}

const entry = (name: string, load: () => Promise<{ default: TopicSpec | CommandSpec }>): Entry => ({ name, load: async () => (await load()).default });

/** The areas of `scout --help`, each a heading and its commands. */
export const AREAS: readonly { readonly heading: string; readonly entries: readonly Entry[] }[] = [
  {
    heading: 'Look up',
    entries: [
      entry('address', () => import('./address/index.js')),
      entry('tx', () => import('./tx/index.js')),
      entry('block', () => import('./block/index.js')),
      entry('token', () => import('./token/index.js')),
      entry('contract', () => import('./contract/index.js')),
      entry('portfolio', () => import('./portfolio/portfolio.js')),
      entry('export', () => import('./export/export.js')),
    ],
  },
  {
    heading: 'Latest on the chain',
    entries: [
      entry('blocks', () => import('./blocks/blocks.js')),
      entry('txs', () => import('./feeds/txs.js')),
      entry('transfers', () => import('./feeds/transfers.js')),
      entry('internal-txs', () => import('./feeds/internal-txs.js')),
      entry('withdrawals', () => import('./feeds/withdrawals.js')),
      entry('deposits', () => import('./feeds/deposits.js')),
    ],
  },
  {
    heading: 'Discover',
    entries: [
      entry('tokens', () => import('./discover/tokens.js')),
      entry('contracts', () => import('./discover/contracts.js')),
      entry('hot', () => import('./discover/hot.js')),
      entry('accounts', () => import('./network/accounts.js')),
    ],
  },
  { heading: 'Account abstraction (ERC-4337)', entries: [entry('userop', () => import('./userop/userop.js')), entry('aa', () => import('./aa/index.js'))] },
  { heading: 'Decode', entries: [entry('decode', () => import('./decode/index.js'))] },
  { heading: 'Find and open', entries: [entry('search', () => import('./search/search.js')), entry('open', () => import('./open/open.js'))] },
  {
    heading: 'Network and chains',
    entries: [
      entry('stats', () => import('./network/stats.js')),
      entry('gas', () => import('./network/gas.js')),
      entry('explorer', () => import('./network/explorer.js')),
      entry('chains', () => import('./chains/chains.js')),
    ],
  },
  { heading: 'Admin and raw API', entries: [entry('admin', () => import('./admin/index.js')), entry('api', () => import('./api/api.js')), entry('rpc', () => import('./rpc/rpc.js'))] },
  {
    heading: 'Set up',
    entries: [
      entry('config', () => import('./config/index.js')),
      entry('cache', () => import('./cache/index.js')),
      entry('completion', () => import('./completion/completion.js')),
      entry('help', () => import('./help/help.js')),
    ],
  },
];

/** Every entry, in the order of the areas. */
export const ENTRIES: readonly Entry[] = AREAS.flatMap((a) => a.entries);

/** The entry named `name`, if there is one. */
export const entryNamed = (name: string): Entry | undefined => ENTRIES.find((e) => e.name === name);

/** Every command's spec, in the order of the areas. */
export const loadAll = (): Promise<(TopicSpec | CommandSpec)[]> => Promise.all(ENTRIES.map((e) => e.load()));
