/** `scout admin networks [--show-secrets]`: the networks the Merits service knows. */
import { command, flag } from '../../kit/spec.js';

export default command({
  name: 'networks',
  description: 'the networks the Merits service knows',
  options: {
    showSecrets: flag('include each network’s explorer API key in tables and CSV (JSON always carries what the API sent)'),
  },
  output: 'rows',
  columns: 'networks',
  help: 'With --show-secrets, api_key (the key itself) takes the place of api_key_set.',
  examples: ['scout admin networks --json   # the key from SCOUT_ADMIN_KEY', 'scout admin networks --api-key-file ~/.config/scout/admin.key --show-secrets'],
  run: async (inv, { showSecrets }) => (await import('./networks.run.js')).run(inv, showSecrets),
});
