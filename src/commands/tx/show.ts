/** `scout tx show <hash>`: one transaction as a key/value block, or the server's object as JSON. */
import type { Command } from 'commander';
import { transactionPath } from '../../api/endpoints.js';
import type { Transaction } from '../../api/schemas.js';
import type { RunEnv } from '../../cli.js';
import { parseHash } from '../../validate.js';
import type { OutputFlags } from '../flags.js';
import { outputMode } from '../page-options.js';
import { printDocument } from '../output.js';
import { openProgress } from '../progress.js';
import { withSession } from '../session.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const mode = outputMode(cmd.opts() as OutputFlags);
  const hash = parseHash(cmd.args[0] ?? '');
  await withSession(env, cmd, async (s) => {
    const progress = await openProgress(s.io, mode, 'tx show · loading');
    let body: string;
    try {
      body = await s.explorer().getRaw(transactionPath(hash), [], `transaction ${hash}`);
    } finally {
      progress.stop();
    }
    if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
    // The schema and the renderer load only for the table view.
    const [{ Transaction }, { renderTransaction }] = await Promise.all([import('../../api/schemas.js'), import('../../render/transaction.js')]);
    const parsed = Transaction.safeParse(JSON.parse(body));
    if (!parsed.success) {
      await s.io.err.write('scout: warning: the transaction has an unexpected shape; showing it as best we can\n');
    }
    const tx = parsed.success ? parsed.data : (JSON.parse(body) as Transaction);
    await s.io.out.write(renderTransaction(tx, s.render));
  });
}
