/** `scout tx trace <hash>`: the call tree; `--json` prints the trace exactly as the node returned it. */
import type { Command } from 'commander';
import { rawTracePath } from '../../api/endpoints.js';
import type { RunEnv } from '../../cli.js';
import { renderTrace } from '../../render/trace.js';
import { parseHash } from '../../validate.js';
import type { OutputFlags } from '../flags.js';
import { outputMode } from '../page-options.js';
import { printDocument } from '../output.js';
import { withSession } from '../session.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const mode = outputMode(cmd.opts() as OutputFlags);
  const hash = parseHash(cmd.args[0] ?? '');
  await withSession(env, cmd, async (s) => {
    const body = await s.explorer().getRaw(rawTracePath(hash), [], `trace of transaction ${hash}`);
    if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
    const text = renderTrace(JSON.parse(body), s.render);
    if (text) await s.io.out.write(text);
    else await s.io.err.write('the trace is empty (a pending transaction has no trace yet)\n');
  });
}
