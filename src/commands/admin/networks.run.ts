/**
 * The run of `scout admin networks`: one list, no cursor (so no next-page hint, only a warning
 * should the service ever offer a next page); the admin key goes to the admin host only. The
 * networks' own explorer API keys stay out of tables and CSV unless `--show-secrets`.
 */
import { onePage } from '../../api/paginate.js';
import { offerNextPage, printList } from '../../run/output.js';
import type { Invocation } from '../../kit/invocation.js';

export async function run(inv: Invocation, showSecrets: boolean): Promise<void> {
  const view = async () => (await import('../../render/views.js')).networkView({ showSecrets });
  const s = await inv.session();
  const admin = s.admin();
  const printed = await printList(s, onePage(() => admin.networks()), view, inv.output);
  // No --cursor here: a next page the service offers is a warning, not a hint.
  await offerNextPage(s, printed, inv.output, null);
}
