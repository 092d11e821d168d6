/**
 * `scout admin networks`: one list, no cursor (so no next-page hint, only a warning should the
 * service ever offer a next page); the admin key goes to the admin host only. The
 * networks' own explorer API keys stay out of tables and CSV unless `--show-secrets`.
 */
import type { Command } from 'commander';
import type { RunEnv } from '../../cli.js';
import type { OutputFlags } from '../flags.js';
import { outputMode } from '../page-options.js';
import { printList } from '../output.js';
import { withSession } from '../session.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const opts = cmd.opts() as OutputFlags & { showSecrets?: boolean };
  const mode = outputMode(opts);
  const showSecrets = opts.showSecrets === true;
  const view = async () => (await import('../../render/views.js')).networkView({ showSecrets });
  await withSession(env, cmd, async (s) => {
    const admin = s.admin();
    const req = { path: '/admin/api/v1/networks', params: [], what: 'admin networks' };
    await printList(s, req, view, { mode, all: false, limit: undefined, cursor: undefined }, () => admin.networks(), null);
  });
}
