/** `scout cache path`: where --cache keeps answers, whether or not anything is there yet. */
import { command } from '../../kit/spec.js';

export default command({
  name: 'path',
  description: 'print the directory of the cache (whether or not it exists)',
  output: 'none',
  examples: ['scout cache path', 'du -sh "$(scout cache path)"'],
  run: async (inv) => {
    const [{ cacheDir }, { safeText }] = await Promise.all([import('../../config/paths.js'), import('../../base/text/safe.js')]);
    // The path comes from the environment: an escape sequence in XDG_CACHE_HOME is shown, not obeyed.
    await inv.env.io.out.write(safeText(cacheDir(inv.env.io.env)) + '\n');
  },
});
