/** The texts of `scout help <topic>`; README.md says the same (a test keeps them in step). */

export const ENVIRONMENT = `Environment variables

  SCOUT_BASE_URL       explorer base URL, like --base-url (default https://eth.blockscout.com)
  SCOUT_CHAIN          chain name or id, like --chain (scout chains lists them)
  SCOUT_EXPLORER_KEY   explorer API key, like --explorer-key
  SCOUT_PRO            1 to use the hosted PRO API for the chain, like --pro (0 turns it off)
  SCOUT_ADMIN_URL      Merits admin URL, like --admin-url (default https://merits.blockscout.com)
  SCOUT_ADMIN_KEY      Merits admin key, like --api-key
  SCOUT_TIMEOUT        per-request timeout in seconds, like --timeout (default 30)
  SCOUT_MAX_BODY       largest response body, like --max-body (default 64MiB)
  SCOUT_REGISTRY_URL   chain registry for scout chains --refresh, like --registry-url
  SCOUT_PRO_URL        root of the hosted PRO API (default https://api.blockscout.com)
  SCOUT_INSECURE       1 to allow explorer keys over plain http://, like --insecure
  XDG_CONFIG_HOME      where the config directory is (default ~/.config)
  NO_COLOR             set (not empty): no colour
  FORCE_COLOR          0 turns colour off, anything else forces it on
  CI, TERM=dumb        no spinners

Config file: $XDG_CONFIG_HOME/scout/config.json, else ~/.config/scout/config.json
(scout config path prints it). A JSON object keyed by long option names:

  {"chain": "base", "explorer-key": "…", "api-key": "…", "timeout": 60}

Keys: base-url, chain, explorer-key, pro, admin-url, api-key, timeout, retries,
max-body, insecure, and chains for per-chain keys:

  {"chains": {"my-chain": {"explorer-key": "…"}}}

A broken file is a usage error (exit 2) naming it; a file holding a key that
other users can read gets a warning (chmod 600 it).

Precedence: a flag, then the environment, then the config file, then the
default. For the explorer, the first of those levels that names a base URL or
a chain decides, and within one level the base URL wins: --chain base beats
SCOUT_BASE_URL, and --base-url beats everything. --pro applies to a chain:
beside a base URL that decides, a --pro flag is refused and SCOUT_PRO ignored.

Keys are never printed. The explorer key goes only to the explorer (as
x-api-key, or as Authorization: Bearer to the PRO API), the admin key only to
the admin host. A key set for every explorer (SCOUT_EXPLORER_KEY, explorer-key)
goes only to Blockscout-hosted explorers (*.blockscout.com) and to a base URL
you name, never to a self-hosted explorer --chain picked from the registry:
give that one a key under "chains" or --explorer-key. No key goes over plain
http:// except to loopback (for explorer keys, --insecure allows it).
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

Errors are one line on stderr (scout: <what went wrong>), plus a hint where one
helps; --verbose adds the request trail and a stack trace.
`;

export const TOPICS: Readonly<Record<string, string>> = {
  environment: ENVIRONMENT,
  'exit-codes': EXIT_CODES,
};
