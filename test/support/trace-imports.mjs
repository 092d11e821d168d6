// Preloaded with `node --import` by the start-up test: records every module URL the process
// resolves into the file named by SCOUT_TRACE_IMPORTS, so the test can see what --help loads.
import { register } from 'node:module';

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
