// The esbuild plugins that shape what scout's bundles load (scripts/build.mjs), shared with the
// benchmark, which bundles undici's floor as scout ships it (bench/run.mjs).

/**
 * A plugin that gives the modules a package (`importer`, a folder under node_modules) imports as
 * `filter` matches other contents: `contents` maps each such import to the CommonJS that stands in
 * for it. Other importers get the real module.
 */
function standIn(name, filter, importer, contents) {
  const inPackage = new RegExp(`[\\\\/]node_modules[\\\\/]${importer}[\\\\/]`);
  return {
    name,
    setup(b) {
      b.onResolve({ filter }, (args) => (inPackage.test(args.importer) ? { path: args.path, namespace: name } : undefined));
      b.onLoad({ filter: /.*/, namespace: name }, (args) => ({ contents: contents(args.path), loader: 'js' }));
    },
  };
}

/**
 * Commander loads node:child_process at start only to run executable subcommands, which scout has
 * none of: a module that loads it when first used (if ever) spares every command line its cost.
 */
export const lazyChildProcess = standIn(
  'lazy-child-process',
  /^node:child_process$/,
  'commander',
  () => "module.exports = { spawn: (...a) => require('node:child_process').spawn(...a) };",
);

/**
 * scout speaks HTTP/1.1 (undici's default; no Pool it makes sets allowH2), so undici's HTTP/2 client
 * is never used, yet loading it loads node:http2 and node:tls with it: about 5 ms of every lookup.
 * In its place, a module that says so if it is ever called (test/api/undici-pin.test.ts checks
 * the options).
 */
export const noHttp2 = standIn(
  'no-http2',
  /[\\/]client-h2\.js$/,
  'undici',
  () => "module.exports = function connectH2() { throw new Error('scout is built without HTTP/2'); };",
);

/**
 * undici loads node:assert for its internal invariants and node:http for two values: Node's default
 * header size limit (client.js, read at load) and the IncomingMessage class (util.js, compared
 * against a request body's class). Those two modules cost about 3 ms of a lookup that never uses
 * them. In their place: an assert that loads node:assert only to fail, and the two values, the
 * limit as Node's default, which the transport also passes to every Pool (src/api/transport.ts), and
 * a class no body scout sends is an instance of. test/api/undici-pin.test.ts pins undici's uses.
 */
export const leanUndici = standIn('lean-undici', /^node:(assert|http)$/, 'undici', (path) =>
  path === 'node:assert'
    ? "module.exports = function assert(value, message) { if (!value) require('node:assert')(value, message); };"
    : 'module.exports = { maxHeaderSize: 16384, IncomingMessage: class IncomingMessage {} };',
);

/**
 * undici's HTTP/1.1 client reads two tables of llhttp's constants module: TYPE (the parser's kind)
 * and ERROR (the codes its callbacks return). The module builds a dozen more at load, character
 * tables and maps for llhttp's JavaScript build, which the WebAssembly parser undici runs never
 * reads: about 1 ms of every request's run on Node 24. In its place, those two tables as the
 * pinned version holds them, taken from the module itself at build time.
 * test/api/undici-pin.test.ts pins what client-h1.js reads.
 */
export const leanLlhttpConstants = standIn('lean-llhttp-constants', /^\.\.\/llhttp\/constants\.js$/, 'undici', () => {
  const { createRequire } = process.getBuiltinModule('node:module');
  const { TYPE, ERROR } = createRequire(import.meta.url)('undici/lib/llhttp/constants.js');
  return `module.exports = ${JSON.stringify({ TYPE, ERROR })};`;
});
