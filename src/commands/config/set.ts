/** `scout config set <key> <value>`: writes one key of the config file (mode 0600). */
import { arg, command } from '../../kit/spec.js';
import { keyArg } from './key.js';

export default command({
  name: 'set',
  description: 'set a key in the config file (written with mode 0600)',
  args: { key: keyArg, value: arg('<value>', 'the value, as the option of the same name takes it') },
  output: 'none',
  examples: ['scout config set chain base', 'scout config set timeout 60', 'scout config set color never'],
  run: async (inv, { key, value }) => (await import('./config.run.js')).set(inv, key, value),
});
