// The floor for a single lookup with undici, the HTTP client scout must use: one GET through
// undici's Pool and request, taken from their own files as scout takes them, the body printed as it
// arrives. bench/run.mjs bundles it into one file with the build's plugins, as scout ships undici;
// WebAssembly on the baseline compiler, as scout sets it (src/launch.ts).
require('node:v8').setFlagsFromString('--liftoff-only --wasm-tiering-budget=1000000000');
const Pool = require('undici/lib/dispatcher/pool.js');
const request = require('undici/lib/api/api-request.js');

const url = new URL(process.argv[2]);
const pool = new Pool(url.origin, { maxHeaderSize: 16384 });
request.call(pool, { path: url.pathname + url.search, method: 'GET' }).then(async (res) => {
  for await (const chunk of res.body) process.stdout.write(chunk);
  await pool.close();
});
