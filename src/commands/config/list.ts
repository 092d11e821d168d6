/** `scout config list`: every key, its value in effect and where it comes from, keys masked. */
import { command, flag } from '../../kit/spec.js';

export default command({
  name: 'list',
  description: 'print every key, its value in effect and where it comes from',
  options: { showSecrets: flag('print explorer and admin keys themselves instead of ***') },
  output: 'none',
  examples: ['scout config list'],
  run: async (inv, { showSecrets }) => (await import('./config.run.js')).list(inv, showSecrets),
});
