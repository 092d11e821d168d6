/** `scout tx <verb>`: registers the verbs; each module loads when its verb runs. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { addOutputFlags, addPageFlags } from '../flags.js';

export function registerTx(program: Command, env: RunEnv): void {
  const topic = program.command('tx').description('look up a transaction: details, token transfers, call trace');

  addOutputFlags(
    topic
      .command('show')
      .description('one transaction: status, parties, value, fee, gas, method, transfers')
      .argument('<hash>', '0x followed by 64 hex digits')
      .addHelpText('after', '\nExample:\n  scout tx show 0x5c50…9e1a --json | jq .status\n'),
    false,
  ).action(lazy(env, () => import('./show.js')));

  addPageFlags(
    topic
      .command('transfers')
      .description('every token transfer of a transaction')
      .argument('<hash>', '0x followed by 64 hex digits')
      .option('--type <list>', 'token types, comma separated (ERC-20,ERC-721,ERC-1155,ERC-404)')
      .addHelpText('after', '\nExample:\n  scout tx transfers 0x5c50…9e1a --all --csv\n'),
  ).action(lazy(env, () => import('./transfers.js')));

  addOutputFlags(
    topic
      .command('trace')
      .description('the call tree of a transaction (raw trace from the node)')
      .argument('<hash>', '0x followed by 64 hex digits')
      .addHelpText('after', '\nExample:\n  scout tx trace 0x5c50…9e1a\n'),
    false,
  ).action(lazy(env, () => import('./trace.js')));
}
