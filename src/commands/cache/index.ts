/** `scout cache <verb>`: the answers `--cache` keeps on disk. */
import { topic } from '../../kit/spec.js';
import clear from './clear.js';
import path from './path.js';

const CACHE_HELP = `--cache <ttl> (SCOUT_CACHE, or "cache" in the config file) answers explorer requests
from answers kept on disk, at most <ttl> old (30, 5m, 1h, 1d, or forever), and keeps
every new successful answer there. Each page of a list is kept by its full URL,
cursor included. Keys and headers are never kept: an entry is named by a SHA-256 of
the request, and an answer given with a key is kept apart from one given without.
A broken entry is ignored and fetched again.

forever suits only answers that cannot change: blocks deeper than 64 confirmations
and verified contract sources. Anything else (balances, lists, recent blocks) goes
stale; give those a short <ttl>.

The cache lives in $XDG_CACHE_HOME/scout, else ~/.cache/scout.`;

export default topic({
  name: 'cache',
  description: 'the disk cache --cache keeps: where it is, clear it',
  help: CACHE_HELP,
  examples: ['scout tx show 0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060 --json --cache 1h', 'scout cache clear', 'scout cache path'],
  commands: [clear, path],
});
