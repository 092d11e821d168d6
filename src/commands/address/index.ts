/** `scout address <verb>`: registers the verbs; each module loads when its verb runs. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { addPageFlags } from '../flags.js';

const TYPES = 'ERC-20,ERC-721,ERC-1155,ERC-404';

export function registerAddress(program: Command, env: RunEnv): void {
  const topic = program.command('address').description('look up an address: balances, transfers, transactions');

  addPageFlags(
    topic
      .command('tokens')
      .description('token balances of an address')
      .argument('<address>', '0x followed by 40 hex digits')
      .option('--type <list>', `token types, comma separated (${TYPES})`)
      .addHelpText('after', '\nExample:\n  scout address tokens 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --type erc-20\n'),
  ).action(lazy(env, () => import('./tokens.js')));

  addPageFlags(
    topic
      .command('nfts')
      .description('NFT collections an address holds, with the token ids')
      .argument('<address>', '0x followed by 40 hex digits')
      .option('--type <list>', 'token types, comma separated (ERC-721,ERC-404,ERC-1155)')
      .addHelpText('after', '\nExample:\n  scout address nfts 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045\n'),
  ).action(lazy(env, () => import('./nfts.js')));

  addPageFlags(
    topic
      .command('transfers')
      .description('token transfers to or from an address')
      .argument('<address>', '0x followed by 40 hex digits')
      .option('--type <list>', `token types, comma separated (${TYPES})`)
      .option('--filter <to|from>', 'only transfers to or from the address')
      .option('--token <address>', 'only transfers of this token contract')
      .addHelpText('after', '\nExample:\n  scout address transfers 0xd8dA…6045 --type ERC-20 --filter to --all --ndjson\n'),
  ).action(lazy(env, () => import('./transfers.js')));

  addPageFlags(
    topic
      .command('txs')
      .description('transactions of an address, newest first')
      .argument('<address>', '0x followed by 40 hex digits')
      .option('--filter <to|from>', 'only transactions to or from the address')
      .addHelpText('after', '\nExample:\n  scout address txs 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --limit 10\n'),
  ).action(lazy(env, () => import('./txs.js')));

  addPageFlags(
    topic
      .command('internal-txs')
      .description('internal transactions (calls between contracts) of an address')
      .argument('<address>', '0x followed by 40 hex digits')
      .option('--filter <to|from>', 'only internal transactions to or from the address')
      .addHelpText('after', '\nExample:\n  scout address internal-txs 0xd8dA…6045 --filter from\n'),
  ).action(lazy(env, () => import('./internal-txs.js')));

  addPageFlags(
    topic
      .command('withdrawals')
      .description('beacon-chain withdrawals to an address')
      .argument('<address>', '0x followed by 40 hex digits')
      .addHelpText('after', '\nExample:\n  scout address withdrawals 0xE12799BC799fc024db69E118fD2A6eA293DBFF7d --all --csv\n'),
  ).action(lazy(env, () => import('./withdrawals.js')));
}
