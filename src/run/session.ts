/**
 * A command's session: resolved settings, the one HTTP layer, clients and the render context. Loaded
 * only when a command runs, so --help and --version never import undici.
 */
import { AdminClient, ExplorerClient } from '../api/client.js';
import { DEFAULT_MAX_BODY, Http } from '../api/http.js';
import { WaitBoard } from '../api/waits.js';
import { cacheDir } from '../config/paths.js';
import { resolveSettings, type Settings } from '../config/settings.js';
import { AuthError, UsageError } from '../base/errors.js';
import type { Invocation, Session } from '../kit/invocation.js';

export type { Session };

/** A session to be opened when a runner first asks for it, and closed after the run. */
export interface LazySession {
  /** The session, opened on the first call (settings resolved then, once per run). */
  get(): Promise<Session>;
  /** Closes its connections, if it was opened (idle ones are left to the exit when the process ends with the run: `RunEnv.exits`). */
  close(): Promise<void>;
  /** An error of the run, told as the session knows it (a PRO key out of credits). */
  explain(e: unknown): unknown;
}

/**
 * The session of `inv`, opened lazily: a command that needs no settings (config, cache, help) never
 * resolves them, so a broken setting does not stop it. The executor hands `get` to the runners as
 * `inv.session` and closes the session when the command ends.
 */
export function lazySession(inv: Omit<Invocation, 'session'>): LazySession {
  let opening: Promise<Opened> | undefined;
  let opened: Opened | undefined;
  return {
    get: async () => (opened = await (opening ??= openSession(inv))).session,
    close: async () => {
      if (!opening) return;
      // A session that failed to open (a broken setting) has nothing to close.
      const opened = await opening.catch(() => undefined);
      await opened?.http.close({ exiting: inv.env.exits === true });
    },
    explain: (e) => {
      // The hosted PRO API answers 402 {"error":"Out of credits"} when the key's credits are spent
      // (docs/api-behaviour.md, Errors): the message already carries the server's words; "check the key"
      // would mislead.
      if (opened?.pro() && e instanceof AuthError && e.status === 402) {
        return new AuthError(e.message, e.status, { hint: 'the explorer key has run out of PRO API credits: add credits or wait for the next period', cause: e });
      }
      return e;
    },
  };
}

interface Opened {
  readonly session: Session;
  readonly http: Http;
  /** Whether a client of the PRO API was made. */
  pro(): boolean;
}

/** Opens the session of `inv`: settings resolved (their warnings told), the HTTP layer made. */
async function openSession(inv: Omit<Invocation, 'session'>): Promise<Opened> {
  const { env, globals: flags } = inv;
  const settings = resolveSettings(flags, env.io.env);
  const io = env.io;
  for (const w of settings.warnings) await io.err.write(`scout: warning: ${w}\n`);
  // Keys learnt later (the admin key file is read only by admin commands) join this list.
  const secrets = settings.secrets();
  const log = settings.verbose ? (line: string) => void io.err.write(`scout: ${line}\n`) : undefined;
  // Loaded only with --cache: it brings node:crypto and node:fs/promises, which a lookup need not pay for.
  const cache =
    settings.cacheTtlMs === undefined
      ? undefined
      : new (await import('../api/cache.js')).ResponseCache({
          dir: cacheDir(io.env),
          ttlMs: settings.cacheTtlMs,
          maxBodyBytes: settings.maxBodyBytes ?? DEFAULT_MAX_BODY,
          maxBytes: settings.cacheMaxBytes,
          now: () => io.now(),
          log,
        });
  const waits = new WaitBoard();
  const http = new Http({
    onWait: waits.tell,
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    maxBodyBytes: settings.maxBodyBytes,
    userAgent: `scout-cli/${env.version} (+node ${process.versions.node})`,
    secrets,
    log,
    signal: env.signal,
    cache,
    connections: inv.concurrency,
    // The Io's clock and waits, so a test can see the waits asked for instead of timing them.
    now: () => io.now(),
    ...(io.sleep ? { sleep: io.sleep } : {}),
  });
  let pro = false;
  let toldWithheld = false;
  const session: Session = {
    io,
    settings,
    http,
    waits,
    // `--color always`: coloured, and laid out as on a terminal even through a pipe (`| less -R`).
    render: {
      tty: io.stdoutIsTTY || settings.color === 'always',
      color: settings.color === 'auto' ? io.color : settings.color === 'always',
      width: io.width,
      now: io.now(),
      coin: settings.coin,
      time: settings.time,
    },
    explorer: () => {
      const target = settings.explorer();
      pro ||= target.pro;
      if (target.withheld && settings.verbose && !toldWithheld) {
        toldWithheld = true;
        void io.err.write(`scout: ${target.withheld}\n`);
      }
      return new ExplorerClient({ baseUrl: target.baseUrl, http, explorerKey: target.key, bearer: target.pro });
    },
    admin: () => {
      const told = settings.warnings.length;
      const key = settings.adminKey();
      // Reading the key file may have found it readable by others: said now, before the request.
      for (const w of settings.warnings.slice(told)) void io.err.write(`scout: warning: ${w}\n`);
      if (!key) {
        throw new UsageError('admin commands need an admin key', {
          hint: 'pass --api-key or --api-key-file <path>, set SCOUT_ADMIN_KEY, or put "api-key" in the config file',
        });
      }
      if (!secrets.includes(key)) secrets.push(key);
      return new AdminClient({ adminUrl: settings.adminUrl, http, apiKey: key });
    },
    commandPath: inv.path,
    jq: inv.output.jq,
  };
  // Colour decided on: chalk loads now, before anything is painted (never for output without colour).
  if (session.render.color) await (await import('../render/paint.js')).loadPaint();
  return { session, http, pro: () => pro };
}
