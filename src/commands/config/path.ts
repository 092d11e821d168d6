/** `scout config path`: where scout looks for its config file; reading it is not needed to say so. */
import { command } from '../../kit/spec.js';

export default command({
  name: 'path',
  description: 'print the path of the config file (whether or not it exists)',
  output: 'none',
  examples: ['mkdir -p "$(dirname "$(scout config path)")" && $EDITOR "$(scout config path)"'],
  run: async (inv) => {
    const [{ configPath }, { safeText }] = await Promise.all([import('../../config/paths.js'), import('../../base/text/safe.js')]);
    // The path comes from the environment: an escape sequence in XDG_CONFIG_HOME is shown, not obeyed.
    await inv.env.io.out.write(safeText(configPath(inv.env.io.env)) + '\n');
  },
});
