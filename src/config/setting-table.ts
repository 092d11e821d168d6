/**
 * Every setting scout reads, declared once: its option, environment variable, config-file key,
 * default and help. The global options, the keys the config file may hold, `scout help environment`
 * and `scout config --help` are built from this table, settings.ts resolves through it, and a test
 * holds README's Settings table to it.
 *
 * Loaded at start-up to declare the options, so it imports nothing but commander.
 */
import { type Command, Option } from 'commander';

/**
 * What a setting's value is. It decides how the value is checked (settings.ts) and what JSON the
 * config file takes for it (file.ts): a string, a chain name or id, a number, or true/false.
 */
export type SettingKind = 'url' | 'chain' | 'key' | 'path' | 'count' | 'size' | 'duration' | 'switch' | 'when' | 'time';

/** The values of a `when` setting (`--color <when>`). */
export const WHEN = ['auto', 'always', 'never'] as const;
export type When = (typeof WHEN)[number];

/** The values of the `time` setting (`--time <how>`): how a table shows when something happened. */
export const TIME = ['relative', 'absolute'] as const;
export type TimeShown = (typeof TIME)[number];

export interface SettingSpec {
  /** The setting's name: its long option without dashes, its config-file key. */
  readonly name: string;
  /** The option as declared, `--base-url <url>`; absent for a setting only the environment sets. */
  readonly flag?: string;
  /** A second option that turns the setting off, `--no-color`, and its help. */
  readonly negate?: { readonly flag: string; readonly help: string };
  /** The command the option belongs to; absent: a global option, valid on every command. */
  readonly command?: string;
  /** The environment variable. */
  readonly env: string;
  /** True when the config file may hold it, under `name`. */
  readonly config?: boolean;
  readonly kind: SettingKind;
  /** The default as said in help; absent: none (a switch: off). */
  readonly default?: string;
  /** What it does, as the option's help says it. */
  readonly help: string;
  /** A few more words for the option's help, after the environment variable and the default. */
  readonly note?: string;
  /** What `scout help environment` says of the variable, when the option's help does not fit it. */
  readonly envHelp?: string;
  /** A key: never printed, redacted from every line. */
  readonly secret?: boolean;
}

export const SETTINGS = [
  { name: 'base-url', flag: '--base-url <url>', env: 'SCOUT_BASE_URL', config: true, kind: 'url', default: 'https://eth.blockscout.com', help: 'explorer base URL' },
  {
    name: 'chain',
    flag: '--chain <name|id>',
    env: 'SCOUT_CHAIN',
    config: true,
    kind: 'chain',
    help: 'use the explorer of a known chain, e.g. base or 8453',
    note: 'scout chains lists them',
    envHelp: 'chain name or id, like --chain (scout chains lists them)',
  },
  { name: 'explorer-key', flag: '--explorer-key <key>', env: 'SCOUT_EXPLORER_KEY', config: true, kind: 'key', help: 'explorer API key, sent as x-api-key', secret: true },
  { name: 'pro', flag: '--pro', env: 'SCOUT_PRO', config: true, kind: 'switch', help: 'use the hosted PRO API for --chain, with the explorer key as a bearer token' },
  { name: 'pro-url', env: 'SCOUT_PRO_URL', kind: 'url', default: 'https://api.blockscout.com', help: 'root of the hosted PRO API, for proxies and tests' },
  { name: 'admin-url', flag: '--admin-url <url>', env: 'SCOUT_ADMIN_URL', config: true, kind: 'url', default: 'https://merits.blockscout.com', help: 'Merits admin URL' },
  { name: 'api-key', flag: '--api-key <key>', env: 'SCOUT_ADMIN_KEY', config: true, kind: 'key', help: 'admin API key', secret: true },
  { name: 'api-key-file', flag: '--api-key-file <path>', env: 'SCOUT_ADMIN_KEY_FILE', kind: 'path', help: 'read the admin API key from a file, which keeps it out of ps' },
  { name: 'timeout', flag: '--timeout <duration>', env: 'SCOUT_TIMEOUT', config: true, kind: 'duration', default: '30', help: 'per-request timeout, in seconds or with a unit (30, 500ms, 2m)' },
  { name: 'retries', flag: '--retries <n>', env: 'SCOUT_RETRIES', config: true, kind: 'count', default: '3', help: 'retries for failed requests, 0 to 20' },
  {
    name: 'max-body',
    flag: '--max-body <size>',
    env: 'SCOUT_MAX_BODY',
    config: true,
    kind: 'size',
    default: '64MiB',
    help: 'largest response body to read, in bytes or like 512KiB, 10MB; at most 500MiB',
  },
  {
    name: 'jq-timeout',
    flag: '--jq-timeout <duration>',
    env: 'SCOUT_JQ_TIMEOUT',
    config: true,
    kind: 'duration',
    default: '60',
    help: 'longest --jq may run on one input (the JSON --json prints, or one item with --ndjson), in seconds or with a unit (60, 0.5, 2m)',
  },
  {
    name: 'jq-max-memory',
    flag: '--jq-max-memory <size>',
    env: 'SCOUT_JQ_MAX_MEMORY',
    config: true,
    kind: 'size',
    default: '1GiB',
    help: 'most memory --jq may use, like 512MiB or 2GiB (about 7 times the JSON it reads); at most 2GiB',
  },
  {
    name: 'cache',
    flag: '--cache <ttl>',
    env: 'SCOUT_CACHE',
    config: true,
    kind: 'duration',
    help: 'answer explorer requests from a disk cache of successful answers at most this old, in seconds or with a unit (30, 5m, 1h, 1d) or forever, keeping new ones there',
    note: 'off unless set; scout cache clear empties it',
  },
  {
    name: 'cache-size',
    flag: '--cache-size <size>',
    env: 'SCOUT_CACHE_SIZE',
    config: true,
    kind: 'size',
    default: '256MiB',
    help: 'largest total size of the --cache entries on disk, like 64MiB or 1GiB; the oldest are removed past it; at most 64GiB',
  },
  { name: 'insecure', flag: '--insecure', env: 'SCOUT_INSECURE', config: true, kind: 'switch', help: 'allow sending explorer and PRO keys over plain http:// to hosts other than loopback' },
  {
    name: 'registry-url',
    flag: '--registry-url <url>',
    command: 'chains',
    env: 'SCOUT_REGISTRY_URL',
    kind: 'url',
    default: 'https://chains.blockscout.com/api/chains',
    help: 'chain registry that --refresh fetches',
  },
  { name: 'verbose', flag: '--verbose', env: 'SCOUT_VERBOSE', kind: 'switch', help: 'print each request and its status to stderr, keys redacted' },
  // `auto` leaves colour to the terminal, FORCE_COLOR, NO_COLOR and TERM=dumb (node-io.ts); `always`
  // also prints what a terminal gets (tables, trees) through a pipe, for `| less -R` (session.ts).
  {
    name: 'color',
    flag: '--color <when>',
    negate: { flag: '--no-color', help: 'never colour the output, like --color never' },
    env: 'SCOUT_COLOR',
    config: true,
    kind: 'when',
    default: 'auto',
    help: 'colour: auto (on a terminal), always (also piped, as a terminal shows it: | less -R) or never',
  },
  {
    name: 'time',
    flag: '--time <how>',
    env: 'SCOUT_TIME',
    config: true,
    kind: 'time',
    default: 'relative',
    help: 'times in tables: relative (an age, 3d 4h) or absolute (the UTC date and time); piped and CSV output keep ISO times',
  },
] as const satisfies readonly SettingSpec[];

/** Variables that are not a setting of their own, for `scout help environment` and README. */
export const OTHER_VARIABLES: readonly (readonly [name: string, help: string])[] = [
  ['NO_COLOR', 'set (not empty): no colour, when the color setting is auto'],
  ['FORCE_COLOR', '0 turns colour off, anything else forces it on (over NO_COLOR), when the color setting is auto; the layout stays the piped one'],
  ['XDG_CONFIG_HOME', 'where the config directory is (default ~/.config); the chains cache sits beside the config file'],
  ['XDG_CACHE_HOME', 'where --cache keeps answers: $XDG_CACHE_HOME/scout (default ~/.cache/scout)'],
  ['CI, TERM=dumb', 'no spinners'],
];

type Entry = (typeof SETTINGS)[number];
export type SettingName = Entry['name'];

/** `base-url` → `baseUrl`, as commander names the value of `--base-url`. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type Value<E extends Entry> = E['kind'] extends 'switch' ? boolean : E extends { negate: object } ? string | false : string;

/** The global options as commander hands them over (`cmd.optsWithGlobals()`). */
export type GlobalFlags = { [E in Entry as E extends { flag: string; command?: never } ? Camel<E['name']> : never]?: Value<E> };

/** The names a config file may hold (besides the nested `chains`). */
export type ConfigKey = Extract<Entry, { config: true }>['name'];

/** Top-level values read from the config file: strings as a flag would carry them, switches as booleans. */
export type ConfigSettingValues = { [E in Entry as E extends { config: true } ? E['name'] : never]?: Value<E> };

/** How a switch's environment variable says on and off (SCOUT_PRO=1, SCOUT_VERBOSE=true). */
export const SWITCH_ON: readonly string[] = ['1', 'true', 'yes', 'on'];
export const SWITCH_OFF: readonly string[] = ['0', 'false', 'no', 'off'];

/**
 * Whether a switch is on from its flag in `argv` or its variable, never throwing: for choices made
 * before the settings are resolved (run() decides on stack traces with it even when they fail).
 */
export function switchWanted(name: 'verbose', argv: readonly string[], env: Readonly<Record<string, string | undefined>>): boolean {
  const s = setting(name);
  return argv.includes(s.flag) || SWITCH_ON.includes((env[s.env] ?? '').trim().toLowerCase());
}

/** The setting called `name`. */
export function setting<N extends SettingName>(name: N): Extract<Entry, { name: N }> {
  return SETTINGS.find((s) => s.name === name) as Extract<Entry, { name: N }>;
}

/** What commander calls the option's value: `--base-url` → `baseUrl`, `--no-color` → `color`. */
export function attributeOf(s: SettingSpec): string {
  return s.name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** The option's long name, `--base-url`, or the variable for a setting without an option. */
export function flagName(s: SettingSpec): string {
  return s.flag ? s.flag.split(' ')[0]! : s.env;
}

/** The default as README's table says it: the table's, else off (a switch) or none. */
export function defaultShown(s: SettingSpec): string {
  return s.default ?? (s.kind === 'switch' ? 'off' : 'none');
}

/** How a `when` value is written: one of WHEN, any case. */
export function whenOf(value: string): When | undefined {
  const v = value.trim().toLowerCase();
  return (WHEN as readonly string[]).includes(v) ? (v as When) : undefined;
}

/** How a `time` value is written: one of TIME, any case. */
export function timeOf(value: string): TimeShown | undefined {
  const v = value.trim().toLowerCase();
  return (TIME as readonly string[]).includes(v) ? (v as TimeShown) : undefined;
}

/** The option's help line: what it does, then its variable, default and note. */
export function optionHelp(s: SettingSpec): string {
  const extra = [`env ${s.env}${s.kind === 'switch' ? '=1' : ''}`];
  if (s.default !== undefined) extra.push(`default ${s.default}`);
  if (s.note) extra.push(s.note);
  return `${s.help} (${extra.join('; ')})`;
}

/** A commander option for the setting. */
export function settingOption(s: SettingSpec): Option {
  if (!s.flag) throw new Error(`setting ${s.name} has no option`);
  return new Option(s.flag, optionHelp(s));
}

/** Declares the global options on the root program, in table order. */
export function addGlobalOptions(program: Command): Command {
  for (const s of SETTINGS as readonly SettingSpec[]) {
    if (!s.flag || s.command) continue;
    program.addOption(settingOption(s));
    // Declared after its positive form, so it sets the value to false without giving it a default.
    if (s.negate) program.addOption(new Option(s.negate.flag, s.negate.help));
  }
  return program;
}

/** How `scout help environment` describes one setting's variable. */
function envLine(s: SettingSpec): string {
  if (s.envHelp) return s.envHelp;
  const like = s.flag ? `, like ${unbroken(`${s.command ? `scout ${s.command} ` : ''}${flagName(s)}`)}` : '';
  if (s.kind === 'switch') return `1 to ${s.help}${like} ${unbroken('(0 turns it off)')}`;
  return `${s.help}${like}${defaultNote(s)}`;
}

/** ` (default …)`, kept on one line when wrapped. */
function defaultNote(s: SettingSpec): string {
  return s.default !== undefined ? ` ${unbroken(`(default ${s.default})`)}` : '';
}

/** Words that wrap() keeps together. */
function unbroken(words: string): string {
  return words.replace(/ /g, NBSP);
}
const NBSP = '\u00a0';

/** Word-wraps `text` to `width` columns, every line after the first indented by `indent`. */
function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join('\n' + ' '.repeat(indent)).replaceAll(NBSP, ' ');
}

/** Two-column lines: `  name   text`, the text wrapped under itself. */
function columns(rows: readonly (readonly [string, string])[], width = 80): string {
  const w = Math.max(...rows.map(([n]) => n.length)) + 2;
  return rows.map(([n, t]) => `  ${n.padEnd(w)}${wrap(t, width, w + 2)}`).join('\n') + '\n';
}

/** The variables, one line each: every setting's, then the others. */
export function environmentText(): string {
  return columns([...(SETTINGS as readonly SettingSpec[]).map((s) => [s.env, envLine(s)] as const), ...OTHER_VARIABLES]);
}

/** The config-file keys, one line each, then `chains`. */
export function configKeysText(): string {
  const rows = (SETTINGS as readonly SettingSpec[])
    .filter((s) => s.config)
    .map((s) => [s.name, s.kind === 'switch' ? `true to ${s.help}` : `${s.help}${defaultNote(s)}`] as const);
  return columns([...rows, ['chains', 'per-chain keys: {"chains": {"my-chain": {"explorer-key": "…"}}}']]);
}

/**
 * Whether a message names a source that is not the command line: a `SCOUT_*` variable or the config
 * file (a key in it, or the file itself), as sources.ts words them. Typed values are quoted in
 * messages, so a value that looks like a variable's name does not count.
 */
export function namesEnvironment(message: string): boolean {
  return /(^|[\s(])SCOUT_[A-Z0-9_]+\b(?!")|"[a-z0-9-]+" in |\b(invalid|cannot read|cannot write) config file\b/.test(message);
}
