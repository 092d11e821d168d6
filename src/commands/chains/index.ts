/** `scout chains`: the chains `--chain` knows; `--refresh` fetches the public registry into a cache. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { setting, settingOption } from '../../config/setting-table.js';
import { addOutputFlags } from '../flags.js';

export function registerChains(program: Command, env: RunEnv): void {
  addOutputFlags(
    program
      .command('chains')
      .description('list the chains --chain accepts: built-in, and cached from the registry')
      .option('--refresh', 'fetch the public chain registry and cache it beside the config file')
      .addOption(settingOption(setting('registry-url')))
      .addHelpText(
        'after',
        '\nBuilt-in chains win over registry entries of the same id or name. The cache is\n$XDG_CONFIG_HOME/scout/chains.json (else ~/.config/scout/chains.json).\n\nExamples:\n  scout chains\n  scout chains --refresh --json | jq \'.[] | select(.testnet | not) | .name\'\n  scout --chain base address txs 0x4200000000000000000000000000000000000016\n',
      ),
    true,
  ).action(lazy(env, () => import('./chains.js')));
}
