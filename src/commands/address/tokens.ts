/** `scout address tokens <address> [--type list]`: token balances. */
import type { Command } from 'commander';
import { addressTokens, TOKEN_TYPES } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { view } from '../view-ref.js';
import { parseAddress, parseTypes } from '../../validate.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, ([address = ''], o) => ({
    req: addressTokens(parseAddress(address), { type: parseTypes(o.type, TOKEN_TYPES) }),
    view: view('tokenBalances'),
  }));
}
