/**
 * Where scout keeps its files: `$XDG_CONFIG_HOME/scout/` when that is set to an absolute path (the XDG
 * base directory spec says to ignore a relative one), else `~/.config/scout/`. The chain registry
 * cache sits beside the config file.
 */
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/** The directory holding config.json and the chains cache. */
export function configDir(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'scout');
  return join(env.HOME || homedir(), '.config', 'scout');
}

/**
 * Where `--cache` keeps answers: `$XDG_CACHE_HOME/scout` when that is an absolute path, else
 * `~/.cache/scout`.
 */
export function cacheDir(env: Env): string {
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'scout');
  return join(env.HOME || homedir(), '.cache', 'scout');
}

/** The config file: `<config dir>/config.json`. */
export function configPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

/** The cache written by `scout chains --refresh`: `<config dir>/chains.json`. */
export function chainsCachePath(env: Env): string {
  return join(configDir(env), 'chains.json');
}
