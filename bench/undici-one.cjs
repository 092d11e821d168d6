// The floor for a single lookup with undici, the HTTP client scout must use: one GET through
// undici's Pool and request, taken from their own files as scout takes them, WebAssembly on the
// baseline compiler as scout sets it, the body printed as it arrives. CommonJS, no bundle, no CLI.
require('node:v8').setFlagsFromString('--liftoff-only');
const Pool = require('undici/lib/dispatcher/pool.js');
const request = require('undici/lib/api/api-request.js');

const url = new URL(process.argv[2]);
const pool = new Pool(url.origin);
request.call(pool, { path: url.pathname + url.search, method: 'GET' }).then(async (res) => {
  for await (const chunk of res.body) process.stdout.write(chunk);
  await pool.close();
});
