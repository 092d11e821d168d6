// Preloaded with `node --import` by the start-up and code-cache tests: records what the process
// loads into the file named by SCOUT_TRACE_IMPORTS, in order:
// - `module:<path>`: each module of the program as it is evaluated (scripts/build.mjs has every
//   module of dist/cli/program.cjs report itself to `globalThis.__scoutModule`);
// - `flag:<flags>`: each V8 flag set at run time;
// - `code-cache:none|accepted|rejected`: what V8 made of the code cache the program was compiled with,
//   and `part-cache:<name>:none|accepted|rejected` of a part's (dist/cli/<name>.cjs);
// - `process:<pid>:<ppid>:<flags>`: each process that ran, and the flags it started with, then
//   `malloc-arenas:<MALLOC_ARENA_MAX>`;
// - at exit, the CommonJS files it required (the entry) as file:// URLs, and each Node built-in it
//   loaded (`builtin:name`), and again as `after-flags:name` each one loaded after the first V8 flag
//   was set (Node compiles those from source, not from its own code cache).
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.SCOUT_TRACE_IMPORTS;
const require = createRequire(import.meta.url);
const note = (line) => {
  if (file) appendFileSync(file, line + '\n');
};
const setFlags = v8.setFlagsFromString;
/** How many entries process.moduleLoadList had when the first flag was set. */
let loadedBeforeFlags;
v8.setFlagsFromString = (flags) => {
  loadedBeforeFlags ??= process.moduleLoadList.length;
  note(`flag:${flags}`);
  setFlags(flags);
};
globalThis.__scoutModule = (path) => note(`module:${path}`);
// Which process this is, and the V8 flags it started with (`scout export` runs in a child: launch.ts).
note(`process:${process.pid}:${process.ppid}:${process.execArgv.filter((a) => a.startsWith('--') && !a.startsWith('--import')).join(' ')}`);
note(`malloc-arenas:${process.env.MALLOC_ARENA_MAX ?? ''}`);
const Script = vm.Script;
vm.Script = class extends Script {
  constructor(source, options) {
    super(source, options);
    const verdict = options?.cachedData === undefined ? 'none' : this.cachedDataRejected ? 'rejected' : 'accepted';
    // The program, or a part of it beside it (dist/cli/undici.cjs).
    const part = /([^/\\]+)\.cjs$/.exec(options?.filename ?? '')?.[1];
    note(part === undefined || part === 'program' ? `code-cache:${verdict}` : `part-cache:${part}:${verdict}`);
  }
};
process.on('exit', () => {
  if (!file) return;
  appendFileSync(file, Object.keys(require.cache).map((f) => pathToFileURL(f).href + '\n').join(''));
  const builtins = (list) => list.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13));
  appendFileSync(file, builtins(process.moduleLoadList).map((m) => `builtin:${m}\n`).join(''));
  if (loadedBeforeFlags !== undefined) appendFileSync(file, builtins(process.moduleLoadList.slice(loadedBeforeFlags)).map((m) => `after-flags:${m}\n`).join(''));
});
