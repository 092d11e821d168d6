/** `scout tx show <hash>`: one transaction as a key/value block, or the server's object as JSON. */
import type { Command } from 'commander';
import { transactionPath } from '../../api/endpoints.js';
import type { Transaction } from '../../api/schemas.js';
import type { RunEnv } from '../../cli.js';
import { ResponseShapeError } from '../../errors.js';
import { parseHash } from '../../validate.js';
import type { OutputFlags } from '../flags.js';
import { outputMode } from '../page-options.js';
import { printDocument } from '../output.js';
import { openProgress } from '../progress.js';
import { type Session, withSession } from '../session.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const mode = outputMode(cmd.opts() as OutputFlags);
  const hash = parseHash(cmd.args[0] ?? '');
  await withSession(env, cmd, async (s) => {
    const explorer = s.explorer();
    const progress = await openProgress(s.io, mode, 'tx show · loading');
    let body: string;
    try {
      body = await explorer.getRaw(transactionPath(hash), [], `transaction ${hash}`);
    } finally {
      progress.stop();
    }
    if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
    await printTransaction(s, body, new URL(explorer.baseUrl).origin);
  });
}

/**
 * The table view of a transaction body (already checked to be JSON): the key/value block on a
 * terminal, `Label<TAB>field…` lines piped. Fields of any type render, as best we can; a body that is
 * no object at all has nothing to show and is an unusable response from `origin`.
 */
export async function printTransaction(s: Pick<Session, 'io' | 'render'>, body: string, origin: string): Promise<void> {
  // The schema and the renderer load only for the table view.
  const [{ Transaction }, { renderTransaction }] = await Promise.all([import('../../api/schemas.js'), import('../../render/transaction.js')]);
  const value: unknown = JSON.parse(body);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new ResponseShapeError(`unusable response from ${origin}: expected a transaction object, got ${kind}`);
  }
  const parsed = Transaction.safeParse(value);
  if (!parsed.success) {
    await s.io.err.write('scout: warning: the transaction has an unexpected shape; showing it as best we can\n');
  }
  const tx = parsed.success ? parsed.data : (value as Transaction);
  await s.io.out.write(renderTransaction(tx, s.render));
}
