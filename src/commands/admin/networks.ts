/** `scout admin networks`: one list, no cursor; the key goes to the admin host only. */
import type { Command } from 'commander';
import type { RunEnv } from '../../cli.js';
import { views } from '../../render/views.js';
import type { OutputFlags } from '../flags.js';
import { outputMode } from '../page-options.js';
import { printList } from '../output.js';
import { withSession } from '../session.js';

export async function run(env: RunEnv, cmd: Command): Promise<void> {
  const mode = outputMode(cmd.opts() as OutputFlags);
  await withSession(env, cmd, async (s) => {
    const admin = s.admin();
    const req = { path: '/admin/api/v1/networks', params: [], what: 'admin networks' };
    await printList(s, req, views.networks, { mode, all: false, limit: undefined, cursor: undefined }, () => admin.networks(), []);
  });
}
