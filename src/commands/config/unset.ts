/** `scout config unset <key>`: removes one key from the config file. */
import { command } from '../../kit/spec.js';
import { keyArg } from './key.js';

export default command({
  name: 'unset',
  description: 'remove a key from the config file',
  args: { key: keyArg },
  output: 'none',
  examples: ['scout config unset chain', 'scout config unset chains.my-chain.base-url'],
  run: async (inv, { key }) => (await import('./config.run.js')).unset(inv, key),
});
