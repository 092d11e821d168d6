/** `scout config get <key>`: the value in effect for a key, and (on a terminal) where it comes from. */
import { command, flag } from '../../kit/spec.js';
import { keyArg } from './key.js';

export default command({
  name: 'get',
  description: 'print the value in effect for a key, and where it comes from',
  args: { key: keyArg },
  options: { showSecrets: flag('print an explorer or admin key itself instead of ***') },
  output: 'none',
  examples: ['scout config get chain', 'scout config get api-key --show-secrets'],
  run: async (inv, { key, showSecrets }) => (await import('./config.run.js')).get(inv, key, showSecrets),
});
