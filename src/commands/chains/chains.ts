/** `scout chains [--refresh]`: the chains `--chain` knows; `--refresh` fetches the public registry into a cache. */
import { setting } from '../../config/setting-table.js';
import { parseUrlSetting } from '../../config/url.js';
import { command, flag, option } from '../../kit/spec.js';

/** --registry-url is a setting: its variable, default and help come from the settings table. */
const registry = setting('registry-url');

export default command({
  name: 'chains',
  description: 'list the chains --chain accepts: built-in, and cached from the registry',
  options: {
    refresh: flag('fetch the public chain registry and cache it beside the config file'),
    // Credentials in the URL are refused, and never echoed (like every URL setting).
    registryUrl: option('<url>', registry.help, parseUrlSetting, { env: registry.env, default: registry.default }),
  },
  output: 'rows',
  columns: 'chains',
  help: 'Built-in chains win over registry entries of the same id or name. The cache is\n$XDG_CONFIG_HOME/scout/chains.json (else ~/.config/scout/chains.json).',
  examples: [
    'scout chains',
    "scout chains --refresh --json | jq '.[] | select(.testnet | not) | .name'",
    'scout --chain base address txs 0x4200000000000000000000000000000000000016',
  ],
  run: async (inv, { refresh, registryUrl }) => (await import('./chains.run.js')).run(inv, { refresh, registryUrl }),
});
