/** `scout config <verb>`: where the config file lives and what it holds. */
import { configKeysText } from '../../config/setting-table.js';
import { topic } from '../../kit/spec.js';
import get from './get.js';
import list from './list.js';
import path from './path.js';
import set from './set.js';
import unset from './unset.js';

const FILE_HELP = `The config file is a JSON object whose keys are the long option names:

  {"chain": "base", "explorer-key": "…", "api-key": "…", "timeout": 60}

Keys (null unsets one):

${configKeysText()}
Keys are bound to origins: a global explorer-key never goes to a self-hosted
explorer --chain picked from the registry. A key under "chains" goes to that
chain's built-in explorer, or to the "base-url" set beside it:
  {"chains": {"my-chain": {"explorer-key": "…", "base-url": "https://…"}}}
scout config set chains.my-chain.base-url https://… sets it, like the key.
It lives at $XDG_CONFIG_HOME/scout/config.json, else ~/.config/scout/config.json.
Precedence: flag, then SCOUT_* environment, then this file, then the default. For
the explorer, the first of those levels that names a base URL or a chain decides,
and within a level the base URL wins. A file holding a key should be chmod 600
(scout config set writes it so). get and list print the value in effect and,
on a terminal, where it comes from (a flag, a variable, the file, the default);
keys show as *** unless --show-secrets. set KEY null unsets a key, as unset does.`;

export default topic({
  name: 'config',
  description: 'settings in effect and the config file: get, set, unset, list',
  help: FILE_HELP,
  examples: ['scout config set chain base', 'scout config list', 'scout config path'],
  commands: [get, set, unset, list, path],
});
