/** `scout config path`: where scout looks for its config file; reading it is not needed to say so. */
import { command } from '../spec.js';

export default command({
  name: 'path',
  description: 'print the path of the config file (whether or not it exists)',
  output: 'none',
  examples: ['mkdir -p "$(dirname "$(scout config path)")" && $EDITOR "$(scout config path)"'],
  run: async (inv) => {
    const { configPath } = await import('../../config/paths.js');
    await inv.env.io.out.write(configPath(inv.env.io.env) + '\n');
  },
});
