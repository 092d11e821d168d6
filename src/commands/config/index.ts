/** `scout config <verb>`: where the config file lives and what it holds. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { configKeysText } from '../../config/setting-table.js';

const FILE_HELP = `
The config file is a JSON object whose keys are the long option names:

  {"chain": "base", "explorer-key": "…", "api-key": "…", "timeout": 60}

Keys (null unsets one):

${configKeysText()}
A global explorer-key never goes to a self-hosted explorer --chain picked from the
registry; a key under "chains" for that chain does.
It lives at $XDG_CONFIG_HOME/scout/config.json, else ~/.config/scout/config.json.
Precedence: flag, then SCOUT_* environment, then this file, then the default. For
the explorer, the first of those levels that names a base URL or a chain decides,
and within a level the base URL wins. A file holding a key should be chmod 600.

Example:
  scout config path
`;

export function registerConfig(program: Command, env: RunEnv): void {
  const topic = program.command('config').description('the config file: where it is and what it may hold').addHelpText('after', FILE_HELP);
  topic
    .command('path')
    .description('print the path of the config file (whether or not it exists)')
    .addHelpText('after', '\nExample:\n  mkdir -p "$(dirname "$(scout config path)")" && $EDITOR "$(scout config path)"\n')
    .action(lazy(env, () => import('./path.js')));
}
