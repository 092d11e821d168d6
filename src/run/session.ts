/**
 * A command's session: resolved settings, the one HTTP layer, clients and the render context. Loaded
 * only when a command runs, so --help and --version never import undici.
 */
import { AdminClient, ExplorerClient } from '../api/client.js';
import { DEFAULT_MAX_BODY, Http } from '../api/http.js';
import { cacheDir } from '../config/paths.js';
import { resolveSettings, type Settings } from '../config/settings.js';
import { AuthError, UsageError } from '../base/errors.js';
import type { Io } from '../base/io.js';
import type { Invocation, Session } from '../kit/invocation.js';

export type { Session };


/**
 * Runs `fn` for `inv` in the session `parent` already opened, writing to `io` instead: one value of
 * a batch, its output held until the values before it are printed, sharing the parent's HTTP layer
 * (connections, retries, rate limits) and settings.
 */
export async function withSessionIo(parent: Session, inv: Invocation, io: Io, fn: (s: Session) => Promise<void>): Promise<void> {
  open.set(inv, { ...parent, io, commandPath: inv.path, jq: inv.output.jq });
  try {
    await fn(open.get(inv)!);
  } finally {
    open.delete(inv);
  }
}

/** The session an invocation already runs in (names resolved first, then the command in the same session). */
const open = new WeakMap<Invocation, Session>();

/**
 * Runs `fn` with a session built from the command's global flags; closes connections after. Within
 * a session of the same invocation, `fn` runs in that one: one set of warnings, one connection pool.
 */
export async function withSession(inv: Invocation, fn: (s: Session) => Promise<void>): Promise<void> {
  const running = open.get(inv);
  if (running) return fn(running);
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
  const http = new Http({
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    maxBodyBytes: settings.maxBodyBytes,
    userAgent: `scout-cli/${env.version} (+node ${process.versions.node})`,
    secrets,
    log,
    signal: env.signal,
    cache,
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
    // `--color always`: coloured, and laid out as on a terminal even through a pipe (`| less -R`).
    render: {
      tty: io.stdoutIsTTY || settings.color === 'always',
      color: settings.color === 'auto' ? io.color : settings.color === 'always',
      width: io.width,
      now: io.now(),
      coin: settings.coin,
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
  open.set(inv, session);
  try {
    await fn(session);
  } catch (e) {
    // The hosted PRO API answers 402 {"error":"Out of credits"} when the key's credits are spent
    // (docs/api-behaviour.md, Errors): the message already carries the server's words; "check the key"
    // would mislead.
    if (pro && e instanceof AuthError && e.status === 402) {
      throw new AuthError(e.message, e.status, { hint: 'the explorer key has run out of PRO API credits: add credits or wait for the next period', cause: e });
    }
    throw e;
  } finally {
    open.delete(inv);
    await http.close();
  }
}
