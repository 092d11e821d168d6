/** `scout tx transfers <hash> [--type list]`: all token transfers of one transaction. */
import type { Command } from 'commander';
import { TOKEN_TYPES, transactionTokenTransfers } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { view } from '../view-ref.js';
import { parseHash, parseTypes } from '../../validate.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, ([hash = ''], o) => ({
    req: transactionTokenTransfers(parseHash(hash), { type: parseTypes(o.type, TOKEN_TYPES) }),
    view: view('tokenTransfers'),
  }));
}
