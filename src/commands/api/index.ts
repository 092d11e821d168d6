/** `scout api <path>`: any GET path under the base URL. */
import { Command } from 'commander';
import { type RunEnv, lazy } from '../../cli.js';
import { addPageFlags } from '../flags.js';

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerApi(program: Command, env: RunEnv): void {
  const api = addPageFlags(
    program
      .command('api')
      .description('GET any API path and print the JSON (lists: --all follows next_page_params)')
      .argument('<path>', 'path under the base URL, e.g. /api/v2/stats (a bare "stats" means /api/v2/stats)')
      .option('-F, --field <key=value>', 'add a query parameter (repeatable)', collect)
      .addHelpText(
        'after',
        '\nWithout --all or --limit the body is printed as the server sent it; with them, a list\nprints the items of every page as one JSON array (or NDJSON lines).\n\nExamples:\n  scout api /api/v2/stats\n  scout api /api/v2/blocks -F type=block --all --ndjson\n',
      ),
  );
  // scout api always prints JSON; --csv stays declared only so it is refused with one clear line.
  api.options.find((o) => o.long === '--csv')?.hideHelp();
  api.action(lazy(env, () => import('./api.js')));
}
