/**
 * The texts of `scout help <topic>`. The variables and config-file keys come from the settings
 * table; README.md says the same (a test keeps them in step).
 */
import { configKeysText, environmentText } from '../../config/setting-table.js';

export const ENVIRONMENT = `Environment variables

${environmentText()}
Config file: $XDG_CONFIG_HOME/scout/config.json, else ~/.config/scout/config.json
(scout config path prints it). A JSON object keyed by long option names:

  {"chain": "base", "explorer-key": "…", "api-key": "…", "timeout": 60}

Keys, each like the option of the same name (null unsets one):

${configKeysText()}
A broken file is a usage error (exit 2) naming it; a file holding a key that
other users can read gets a warning (chmod 600 it).

Precedence: a flag, then the environment, then the config file, then the
default. For the explorer, the first of those levels that names a base URL or
a chain decides, and within one level the base URL wins: --chain base beats
SCOUT_BASE_URL, and --base-url beats everything. --pro applies to a chain:
beside a base URL that decides, a --pro flag is refused and SCOUT_PRO ignored.
For the admin key, a key beats a key file of the same level: --api-key,
--api-key-file, SCOUT_ADMIN_KEY, SCOUT_ADMIN_KEY_FILE, then "api-key".

Keys are never printed. The explorer key goes only to the explorer (as
x-api-key, or as Authorization: Bearer to the PRO API), the admin key only to
the admin host. Keys are bound to origins, never to a chain name or id the
registry gives: --explorer-key and a key set for every explorer
(SCOUT_EXPLORER_KEY, explorer-key) go to Blockscout-hosted explorers
(*.blockscout.com), the PRO API, a base URL you name and an explorer you bind
in the config file ("chains" › name › "base-url"); a key under "chains" goes
only to that chain's built-in explorer or its "base-url". No key goes over
plain http:// except to loopback (for explorer keys, --insecure allows it).
`;

export const EXIT_CODES = `Exit codes

  0    success (an empty list is success; a reader closing the pipe is too)
  1    failure: network, server error, unusable response, cursor loop
  2    usage: unknown option, bad argument, unknown chain, broken config file,
       missing key; nothing was sent
  3    not found (HTTP 404)
  4    authentication or permission refused (HTTP 401, 403), or out of
       PRO API credits (HTTP 402)
  5    rate limited, still after the retries
  130  interrupted (Ctrl-C)

A run of many (values from stdin with -, chains with --chains, or both) goes
on when one fails, tells each failure, and exits with the worst code seen,
from least to most severe: 0, 3, 4, 5, 1, 2, 130.

Errors are one line on stderr (scout: <what went wrong>), plus a hint where one
helps; a usage error names the --help to read. --verbose adds the request trail
(and a stack trace when scout runs from source, never from the minified build).
`;

export const TIMES = `Times

Every option that takes a point in time (--since, --until, --at, block at)
takes one of:

  2024-03-01              a date: 00:00 UTC that day
  2024-03                 a month: its first day, 00:00 UTC
  2024-03-01T12:00:00Z    a date-time in UTC (T or a space; seconds optional;
                          Z, +02:00 or none, which means UTC)
  30d  12h  90m  2w  6mo  1y
                          an age: that long before now (s, m, h, d, w, mo, y)
  now                     now
  @1704067200             a Unix time, in seconds
  block:19000000          a block, by number (#19000000 too, quoted in a shell)

--since is inclusive and --until exclusive: --since 2024-03 --until 2024-04
is March 2024, every second of it. Lists are newest first: scout skips what is
newer than --until and stops at the first item older than --since, so a window
costs the pages down to its start and at most one page more. An item with no
time (a pending transaction) is outside a window that has --until; one with a
block but no time (an older explorer's logs) is outside a window given in
times, with a warning: give block:N bounds to keep it.
`;

export const TOPICS: Readonly<Record<string, string>> = {
  environment: ENVIRONMENT,
  'exit-codes': EXIT_CODES,
  times: TIMES,
};
