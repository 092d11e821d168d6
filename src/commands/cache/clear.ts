/** `scout cache clear`: removes every answer --cache kept, and says what it removed (on stderr). */
import { command } from '../../kit/spec.js';

export default command({
  name: 'clear',
  description: 'remove every answer the cache holds',
  output: 'none',
  examples: ['scout cache clear'],
  run: async (inv) => {
    const [{ clearCache }, { cacheDir }, { safeText }, { formatSize }] = await Promise.all([
      import('../../api/cache.js'),
      import('../../config/paths.js'),
      import('../../base/text/safe.js'),
      import('../../base/validate.js'),
    ]);
    const dir = cacheDir(inv.env.io.env);
    const removed = await clearCache(dir);
    const where = safeText(dir);
    const what = !removed || removed.entries === 0 ? `the cache in ${where} was already empty` : `removed ${removed.entries} cached answer${removed.entries === 1 ? '' : 's'} (${formatSize(removed.bytes)}) from ${where}`;
    await inv.env.io.err.write(`scout: ${what}\n`);
  },
});
