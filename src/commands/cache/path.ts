/** `scout cache path`: where --cache keeps answers, whether or not anything is there yet. */
import { command } from '../spec.js';

export default command({
  name: 'path',
  description: 'print the directory of the cache (whether or not it exists)',
  output: 'none',
  examples: ['scout cache path', 'du -sh "$(scout cache path)"'],
  run: async (inv) => {
    const { cacheDir } = await import('../../config/paths.js');
    await inv.env.io.out.write(cacheDir(inv.env.io.env) + '\n');
  },
});
