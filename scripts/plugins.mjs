// The esbuild plugins that shape what scout's bundles load (scripts/build.mjs), shared with the
// benchmark, which bundles undici's floor as scout ships it (bench/run.mjs).

/**
 * Commander loads node:child_process at start only to run executable subcommands, which scout has
 * none of: a module that loads it when first used (if ever) spares every command line its cost.
 */
export const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'lazy-child-process' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = { spawn: (...a) => require('node:child_process').spawn(...a) };",
      loader: 'js',
    }));
  },
};

/**
 * scout speaks HTTP/1.1 (undici's default; no Pool it makes sets allowH2), so undici's HTTP/2 client
 * is never used, yet loading it loads node:http2 and node:tls with it: about 5 ms of every lookup.
 * In its place, a module that says so if it is ever called (test/api/undici-pin.test.ts checks
 * the options).
 */
export const noHttp2 = {
  name: 'no-http2',
  setup(b) {
    b.onResolve({ filter: /[\\/]client-h2\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]undici[\\/]/.test(args.importer) ? { path: 'no-http2', namespace: 'no-http2' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'no-http2' }, () => ({
      contents: "module.exports = function connectH2() { throw new Error('scout is built without HTTP/2'); };",
      loader: 'js',
    }));
  },
};

/**
 * undici loads node:assert for its internal invariants and node:http for two values: Node's default
 * header size limit (client.js, read at load) and the IncomingMessage class (util.js, compared
 * against a request body's class). Those two modules cost about 3 ms of a lookup that never uses
 * them. In their place: an assert that loads node:assert only to fail, and the two values, the
 * limit as Node's default, which the transport also passes to every Pool (src/api/transport.ts), and
 * a class no body scout sends is an instance of. test/api/undici-pin.test.ts pins undici's uses.
 */
export const leanUndici = {
  name: 'lean-undici',
  setup(b) {
    b.onResolve({ filter: /^node:(assert|http)$/ }, (args) =>
      /[\\/]node_modules[\\/]undici[\\/]/.test(args.importer) ? { path: args.path.slice(5), namespace: 'lean-undici' } : undefined,
    );
    b.onLoad({ filter: /^assert$/, namespace: 'lean-undici' }, () => ({
      contents: "module.exports = function assert(value, message) { if (!value) require('node:assert')(value, message); };",
      loader: 'js',
    }));
    b.onLoad({ filter: /^http$/, namespace: 'lean-undici' }, () => ({
      contents: 'module.exports = { maxHeaderSize: 16384, IncomingMessage: class IncomingMessage {} };',
      loader: 'js',
    }));
  },
};
