/** `scout address withdrawals <address>`: beacon withdrawals. */
import type { Command } from 'commander';
import { addressWithdrawals } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { view } from '../view-ref.js';
import { parseAddress } from '../../validate.js';
import { runListCommand } from '../list-command.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  await runListCommand(env, cmd, ([address = '']) => ({
    req: addressWithdrawals(parseAddress(address)),
    view: view('withdrawals'),
  }));
}
