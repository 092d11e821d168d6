/** `scout cache clear`: removes every answer --cache kept. */
import { command } from '../../kit/spec.js';

export default command({
  name: 'clear',
  description: 'remove every answer the cache holds',
  output: 'none',
  examples: ['scout cache clear'],
  run: async (inv) => {
    const [{ clearCache }, { cacheDir }] = await Promise.all([import('../../api/cache.js'), import('../../config/paths.js')]);
    await clearCache(cacheDir(inv.env.io.env));
  },
});
