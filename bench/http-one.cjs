// The floor for a single lookup: one GET with node:http, the body printed as it arrives. CommonJS
// and no fetch: about the least a Node process can do to print a response.
const http = require('node:http');

http
  .get(process.argv[2], (res) => {
    res.pipe(process.stdout, { end: false });
    res.on('end', () => process.stdout.write('\n'));
  })
  .on('error', (e) => {
    process.stderr.write(`http-one: ${e.message}\n`);
    process.exitCode = 1;
  });
