// Preloaded with `node --import` by the start-up test: records every module URL the process
// resolves into the file named by SCOUT_TRACE_IMPORTS, so the test can see what --help loads: ES
// modules as they resolve, CommonJS files (the entry) at exit, and each V8 flag set at run time
// (`flag:--name`) in order among the modules; at exit too, each Node built-in it loaded (`builtin:name`).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';

const file = process.env.SCOUT_TRACE_IMPORTS;
const require = createRequire(import.meta.url);
const setFlags = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => {
  if (file) appendFileSync(file, `flag:${flags}\n`);
  setFlags(flags);
};
process.on('exit', () => {
  if (!file) return;
  appendFileSync(file, Object.keys(require.cache).map((f) => pathToFileURL(f).href + '\n').join(''));
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => `builtin:${m.slice(13)}\n`);
  appendFileSync(file, builtins.join(''));
});

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      import { appendFileSync } from 'node:fs';
      const file = process.env.SCOUT_TRACE_IMPORTS;
      export async function resolve(specifier, context, next) {
        const r = await next(specifier, context);
        if (file) appendFileSync(file, r.url + '\\n');
        return r;
      }
    `),
);
