/** `scout config list`: every value the config file holds, `key=value`, keys masked. */
import { command, flag } from '../../kit/spec.js';

export default command({
  name: 'list',
  description: 'print every value the config file holds, as key=value',
  options: { showSecrets: flag('print explorer and admin keys themselves instead of ***') },
  output: 'none',
  examples: ['scout config list'],
  run: async (inv, { showSecrets }) => (await import('./config.run.js')).list(inv, showSecrets),
});
