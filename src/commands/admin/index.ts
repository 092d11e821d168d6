/** `scout admin <verb>`: Merits admin API commands. */
import { topic } from '../../kit/spec.js';
import networks from './networks.js';

export default topic({
  name: 'admin',
  description: 'Merits admin API (needs an admin key)',
  examples: ['scout admin networks --api-key-file ~/.config/scout/admin.key'],
  commands: [networks],
});
