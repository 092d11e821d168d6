/** `scout explorer`: what the explorer runs and how it is set up, from its configuration endpoints. */
import { command } from '../../kit/spec.js';

export default command({
  name: 'explorer',
  description: 'the explorer itself: version, chain type, indexer, export limits',
  output: 'object',
  help:
    'Asks the explorer\'s configuration endpoints at once: /api/v2/config/backend-version, /config/backend, /config/indexer, ' +
    '/main-page/indexing-status, /config/csv-export, /config/public-metrics, /config/smart-contracts/languages and ' +
    '/config/db-background-migrations. A part the explorer does not serve is a note on stderr. --json: one object, a member ' +
    'per part served (version, backend, indexer, indexing, csv_export, public_metrics, languages, migrations), each as sent.',
  examples: ['scout explorer', 'scout explorer --json | jq -r .version.backend_version', 'scout explorer --chain base'],
  run: async (inv) => (await import('./explorer.run.js')).run(inv),
});
