/** `scout admin <verb>`: Merits admin API commands. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { addOutputFlags } from '../flags.js';

export function registerAdmin(program: Command, env: RunEnv): void {
  const topic = program
    .command('admin')
    .description('Merits admin API (needs an admin key)')
    .addHelpText('after', '\nExample:\n  scout admin networks --api-key-file ~/.config/scout/admin.key\n');
  addOutputFlags(
    topic
      .command('networks')
      .description('the networks the Merits service knows')
      .option('--show-secrets', 'include each network’s explorer API key in tables and CSV (JSON always carries what the API sent)')
      .addHelpText(
        'after',
        '\nExample:\n  SCOUT_ADMIN_KEY=… scout admin networks --json\n  scout admin networks --api-key-file ~/.config/scout/admin.key --show-secrets\n',
      ),
    true,
  ).action(lazy(env, () => import('./networks.js')));
}
