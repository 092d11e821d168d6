/** `scout search <query...>`: registered here, run from ./search.js. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { addPageFlags } from '../flags.js';

export function registerSearch(program: Command, env: RunEnv): void {
  addPageFlags(
    program
      .command('search')
      .description('search tokens, addresses, contracts, blocks, transactions and ENS names')
      .argument('[query...]', 'words to search for (joined with spaces)')
      .addHelpText('after', '\nExample:\n  scout search USDT\n  scout search vitalik.eth --json\n'),
  ).action(lazy(env, () => import('./search.js')));
}
