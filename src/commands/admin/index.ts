/** `scout admin <verb>`: Merits admin API commands. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { addOutputFlags } from '../flags.js';

export function registerAdmin(program: Command, env: RunEnv): void {
  const topic = program.command('admin').description('Merits admin API (needs an admin key)');
  addOutputFlags(
    topic
      .command('networks')
      .description('the networks the Merits service knows')
      .addHelpText('after', '\nExample:\n  SCOUT_ADMIN_KEY=… scout admin networks --json\n  scout admin networks --api-key-file ~/.config/scout/admin.key\n'),
    true,
  ).action(lazy(env, () => import('./networks.js')));
}
