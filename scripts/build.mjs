// The build: tsc compiles src/ to dist/ (the library entry and its type declarations), then esbuild
// bundles the command-line program three ways:
// - dist/cli/program.cjs: the program (src/main.ts and all it loads) as one CommonJS file, which the
//   entry compiles with scout's own V8 code cache (src/code-cache.ts). What a command does not need
//   stays unevaluated in it (esbuild keeps each import() target behind a function that runs it
//   first time), and each module reports itself to the entry (`__scoutReport`) as it is evaluated:
//   the code cache records which modules a run went through, and the start-up test what loaded.
//   Beside it, its parts (PARTS): dist/cli/undici.cjs (src/api/undici.ts and undici), which the
//   program asks the entry for (`__scoutPart`) with its first request, and the libraries only some
//   commands load (ox, hyparquet-writer, ens-normalize, ora), each with a code cache of its own that
//   a run not needing it never reads;
// - dist/cli/launch.cjs: the process entry bin/scout.js requires (src/launch.ts), CommonJS because
//   that starts fastest; it answers --version and piped --help from dist/cli/help.json, the help of
//   every command rendered here by the program itself, and runs the program for anything else;
// - dist/scout.cjs: everything in one file, jq and undici included, that runs with `node scout.cjs`
//   and no node_modules.
// dist/cli/meta.json records which source module went into which file and what each imports (the
// start-up test reads it).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { lazyExports } from './lazy-exports.mjs';
import { lazyChildProcess, leanLlhttpConstants, leanUndici, noHttp2 } from './plugins.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});

/**
 * Puts `__scoutReport('<path>')` at the top of every module of the program and its parts (after a
 * 'use strict' prologue, which must stay first), so that each reports itself as it is evaluated.
 */
const moduleReports = {
  name: 'module-reports',
  setup(b) {
    b.onLoad({ filter: /\.(ts|js|mjs|cjs)$/ }, (args) => {
      if (args.namespace !== 'file') return undefined;
      const path = relative(root, args.path).split(sep).join('/');
      const source = readFileSync(args.path, 'utf8');
      const prologue = /^(#![^\n]*\n)?(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*(['"])use strict\4;?/.exec(source)?.[0] ?? /^#![^\n]*\n/.exec(source)?.[0] ?? '';
      const call = `;__scoutReport(${JSON.stringify(path)});`;
      return { contents: prologue + call + source.slice(prologue.length), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** What `import.meta.url` becomes in the bundles (see `define`): the file's URL, made when first read. */
const fileUrl = "var __scoutMeta={get url(){return require('node:url').pathToFileURL(__filename).href}};";

const common = {
  absWorkingDir: root,
  plugins: [lazyChildProcess, noHttp2, leanUndici, leanLlhttpConstants],
  bundle: true,
  platform: 'node',
  target: 'node20.18',
  minify: true,
  metafile: true,
  logLevel: 'warning',
};

/**
 * The parts of the program: what only some runs load, each a file of its own beside the program
 * (dist/cli/<name>.cjs) that the entry compiles with a code cache of its own when the program first
 * asks for it (src/code-cache.ts, `__scoutPart`). In the program, each import named here becomes
 * `module.exports = __scoutPart(<name>)` (or one export of it). Kept out of the program, a part adds
 * nothing to the program's source, which every run reads, nor to its top level, which every run's
 * code cache holds: the libraries below were a quarter of the program's source.
 * - undici, with the first request (src/api/transport.ts);
 * - ox, the ABI codec (src/abi/);
 * - hyparquet-writer, `export --format parquet`;
 * - @adraffy/ens-normalize, an ENS name that is not plain ASCII (src/run/names.ts);
 * - ora and its spinners, progress on a terminal (src/run/progress.ts): ora's default export is
 *   the part's `ora`, as an import() of a CommonJS module would otherwise make the whole part its default.
 */
const PARTS = {
  undici: { entry: 'src/api/undici.ts', imports: { './undici.js': { importer: 'src/api/transport.ts' } } },
  ox: { source: "export * as AbiItem from 'ox/AbiItem'; export * as AbiParameters from 'ox/AbiParameters';", imports: { 'ox/AbiItem': { pick: 'AbiItem' }, 'ox/AbiParameters': { pick: 'AbiParameters' } } },
  parquet: { source: "export { ParquetWriter, fileWriter } from 'hyparquet-writer';", imports: { 'hyparquet-writer': {} } },
  ens: { source: "export { ens_normalize } from '@adraffy/ens-normalize';", imports: { '@adraffy/ens-normalize': {} } },
  ora: { source: "export { default as ora, spinners } from 'ora';", imports: { ora: { esm: 'export default __part.ora; export const spinners = __part.spinners;' } } },
};

/** In the program, each import of a part (PARTS) is the part, asked of the entry. */
const partImports = {
  name: 'scout-parts',
  setup(b) {
    for (const [name, part] of Object.entries(PARTS)) {
      for (const [spec, how] of Object.entries(part.imports)) {
        const filter = new RegExp(`^${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
        b.onResolve({ filter }, (args) => {
          if (how.importer && relative(root, args.importer).split(sep).join('/') !== how.importer) return undefined;
          return { path: `${name}:${spec}`, namespace: 'scout-part', pluginData: { name, how } };
        });
      }
    }
    b.onLoad({ filter: /.*/, namespace: 'scout-part' }, ({ pluginData: { name, how } }) => {
      const asked = `__scoutPart(${JSON.stringify(name)})`;
      if (how.esm) return { contents: `const __part = ${asked};\n${how.esm}`, loader: 'js' };
      return { contents: `module.exports = ${asked}${how.pick ? `.${how.pick}` : ''};`, loader: 'js' };
    });
  },
};

/**
 * A file of the program: the function the entry calls (src/code-cache.ts), so that it compiles the
 * file as read, without a copy, and hands it how a module reports itself and how a part is asked
 * for; `import.meta.url`, for code that reads it, is the file's own URL, made when first read (most
 * runs never do; making it compiles a dozen of node:url's functions).
 */
async function programFile(entry, name, plugins) {
  const outfile = join(outdir, `${name}.cjs`);
  const result = await build({
    ...common,
    // A file, or the source of one (a part that only re-exports a library).
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: entry.source, resolveDir: root, sourcefile: `src/${name}.part.js`, loader: 'js' } }),
    outfile,
    format: 'cjs',
    legalComments: 'linked',
    plugins: [...common.plugins, ...plugins, moduleReports],
    banner: { js: `(function (exports, require, module, __filename, __dirname, __scoutReport, __scoutPart) {${fileUrl}` },
    footer: { js: '})' },
    define: { __SCOUT_VERSION__: JSON.stringify(version), 'import.meta.url': '__scoutMeta.url' },
  });
  const lazy = lazyExports(readFileSync(outfile, 'latin1'));
  // esbuild's output changed shape: the program would still run, filling every namespace at start.
  if (name === 'program' && lazy.moved === 0) throw new Error('dist/cli/program.cjs: no namespace object was made lazy (scripts/lazy-exports.mjs): has esbuild changed its output?');
  const text = lazy.text;
  writeFileSync(outfile, text, 'latin1');
  result.metafile.outputs[relative(root, outfile).split(sep).join('/')].bytes = text.length;
  // ASCII only, so that the entry reads it as Latin-1, byte for byte, the cheapest way (esbuild
  // writes strings so; a regular expression it leaves as written).
  const stray = /[^\x00-\x7f]/.exec(text);
  if (stray) throw new Error(`dist/cli/${name}.cjs must be ASCII; it has ${JSON.stringify(stray[0])} at ${stray.index}: write it as an escape in the source`);
  // The entry runs it as a script, where import() has no loader: a dynamic import esbuild left in
  // (of a module outside the bundle, a Node built-in) would fail when reached. Such code takes the
  // module with process.getBuiltinModule.
  const dynamicImport = /\bimport\(\s*["'`]/.exec(text);
  if (dynamicImport) throw new Error(`dist/cli/${name}.cjs has a dynamic import() at ${dynamicImport.index}: take a Node built-in with process.getBuiltinModule instead`);
  return result;
}

const outdir = join(root, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
const program = await programFile('src/main.ts', 'program', [partImports]);
const parts = [];
for (const [name, part] of Object.entries(PARTS)) parts.push(await programFile(part.entry ?? part, name, []));
// The build of the program and its parts: which code caches are theirs.
const programHash = createHash('sha256').update(readFileSync(join(outdir, 'program.cjs')));
for (const name of Object.keys(PARTS)) programHash.update(readFileSync(join(outdir, `${name}.cjs`)));
const programId = programHash.digest('hex').slice(0, 16);

const help = await renderHelp();
writeFileSync(join(outdir, 'help.json'), JSON.stringify(help));
// What help on a terminal depends on: the program that renders it (commander inside) and the texts.
// The entry keeps that help per width under this id, so a new build never prints a text an old one kept.
const helpHash = createHash('sha256').update(JSON.stringify(help));
for (const file of Object.keys(program.metafile.outputs).sort()) helpHash.update(readFileSync(join(root, file)));
const helpId = helpHash.digest('hex').slice(0, 16);

const launcher = await build({
  ...common,
  entryPoints: ['src/launch.ts'],
  outfile: join(outdir, 'launch.cjs'),
  format: 'cjs',
  define: { __SCOUT_VERSION__: JSON.stringify(version), __SCOUT_HELP__: 'undefined', __SCOUT_SINGLE__: 'false', __SCOUT_HELP_ID__: JSON.stringify(helpId), __SCOUT_PROGRAM_ID__: JSON.stringify(programId) },
});
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(mergeMeta(program.metafile, ...parts.map((p) => p.metafile), launcher.metafile)));

// The single file: the entry with the program, the help texts and jq inside it.
const single = join(root, 'dist', 'scout.cjs');
await build({
  ...common,
  metafile: false,
  entryPoints: ['src/launch.ts'],
  outfile: single,
  format: 'cjs',
  legalComments: 'eof',
  // `import.meta.url` for code that reads it (unreachable here: the version and jq come inline).
  banner: { js: `#!/usr/bin/env node\n${fileUrl}` },
  define: {
    __SCOUT_VERSION__: JSON.stringify(version),
    __SCOUT_HELP__: JSON.stringify(JSON.stringify(help)),
    __SCOUT_SINGLE__: 'true',
    __SCOUT_HELP_ID__: JSON.stringify(helpId),
    __SCOUT_PROGRAM_ID__: JSON.stringify(programId),
    'import.meta.url': '__scoutMeta.url',
  },
  plugins: [lazyChildProcess, noHttp2, leanUndici, leanLlhttpConstants, inlineJq()],
});
{
  // Its namespace objects too, as in the program (scripts/lazy-exports.mjs).
  const lazy = lazyExports(readFileSync(single, 'utf8'));
  if (lazy.moved === 0) throw new Error('dist/scout.cjs: no namespace object was made lazy (scripts/lazy-exports.mjs): has esbuild changed its output?');
  writeFileSync(single, lazy.text);
}
chmodSync(single, 0o755);

/**
 * The help of every command as the program prints it to a pipe: `scout <words> --help` for each
 * command of the tree, and what a topic run without a verb prints on stderr (the same text).
 */
async function renderHelp() {
  const { buildProgram, run } = await import(pathToFileURL(join(root, 'dist', 'cli.js')).href);
  const { memoryIo } = await import(pathToFileURL(join(root, 'dist', 'base', 'io.js')).href);
  const texts = { help: {}, topics: [] };
  const paths = [];
  const walk = (cmd, words) => {
    paths.push(words);
    for (const c of cmd.commands) walk(c, [...words, c.name()]);
  };
  walk(await buildProgram({ io: memoryIo(), version }), []);
  for (const words of paths) {
    const io = memoryIo();
    const code = await run(['node', 'scout', ...words, '--help'], io);
    if (code !== 0 || io.stderr() !== '') throw new Error(`scout ${words.join(' ')} --help: exit ${code}, ${io.stderr()}`);
    const key = words.join(' ');
    texts.help[key] = io.stdout();
    if (words.length === 0) continue;
    const bare = memoryIo();
    if ((await run(['node', 'scout', ...words], bare)) === 2 && bare.stdout() === '' && bare.stderr() === io.stdout()) texts.topics.push(key);
  }
  return texts;
}

/** One metafile for the start-up test: the program's chunks and the entry. */
function mergeMeta(...metas) {
  const merged = { inputs: {}, outputs: {} };
  for (const m of metas) {
    Object.assign(merged.inputs, m.inputs);
    for (const [k, v] of Object.entries(m.outputs)) merged.outputs[k] = v;
  }
  return merged;
}

/**
 * Replaces src/render/jq-source.ts with jq-web's script and WebAssembly inline. jq-web starts its
 * module with no arguments; its script is changed to pass one, `__scoutJqArg`, which carries the
 * WebAssembly (the worker in render/jq.ts supplies it).
 */
function inlineJq() {
  return {
    name: 'inline-jq',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]render[\\/]jq-source\.ts$/ }, () => {
        const dir = join(root, 'node_modules', 'jq-web');
        const script = readFileSync(join(dir, 'jq.js'), 'utf8');
        const call = 'jq = jq().then(';
        if (script.split(call).length !== 2) throw new Error(`jq-web's jq.js changed: expected one "${call}" to pass the WebAssembly to`);
        const source = script.replace(call, 'jq = jq(__scoutJqArg).then(');
        const wasm = gzipSync(readFileSync(join(dir, 'jq.wasm'))).toString('base64');
        return { contents: `export function jqSource() { return { source: ${JSON.stringify(source)}, wasm: ${JSON.stringify(wasm)} }; }`, loader: 'js' };
      });
    },
  };
}
