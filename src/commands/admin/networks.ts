/**
 * `scout admin networks`: one list, no cursor (so no next-page hint, only a warning should the
 * service ever offer a next page); the admin key goes to the admin host only. The
 * networks' own explorer API keys stay out of tables and CSV unless `--show-secrets`.
 */
import type { Command } from 'commander';
import { onePage } from '../../api/paginate.js';
import type { RunEnv } from '../../cli.js';
import type { OutputFlags } from '../flags.js';
import { outputMode } from '../page-options.js';
import { offerNextPage, printList } from '../output.js';
import { withSession } from '../session.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const opts = cmd.opts() as OutputFlags & { showSecrets?: boolean };
  const mode = outputMode(opts);
  const showSecrets = opts.showSecrets === true;
  const view = async () => (await import('../../render/views.js')).networkView({ showSecrets });
  await withSession(env, cmd, async (s) => {
    const admin = s.admin();
    const printed = await printList(s, onePage(() => admin.networks()), view, { mode });
    // No --cursor here: a next page the service offers is a warning, not a hint.
    await offerNextPage(s, printed, { mode }, null);
  });
}
