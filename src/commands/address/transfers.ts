/** `scout address transfers <address> [--type list] [--filter to|from] [--token address]`. */
import type { Command } from 'commander';
import { addressTokenTransfers, TOKEN_TYPES } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { view } from '../view-ref.js';
import { parseAddress, parseFilter, parseTypes } from '../../validate.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, ([address = ''], o) => ({
    req: addressTokenTransfers(parseAddress(address), {
      type: parseTypes(o.type, TOKEN_TYPES),
      filter: parseFilter(o.filter),
      token: o.token === undefined ? undefined : parseAddress(o.token, '--token address'),
    }),
    view: view('tokenTransfers'),
  }));
}
