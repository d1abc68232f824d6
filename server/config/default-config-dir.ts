import { join } from 'node:path';

/**
 * Where sessions, certificates and the `soma` command's credentials live unless
 * `--config-dir`/`SOMA_CONFIG_DIR` says otherwise: `$XDG_CONFIG_HOME/soma`, else
 * `~/.config/soma` (a leading `~` is expanded by the caller).
 */
export function defaultConfigDir(env: Record<string, string | undefined>): string {
  return env.XDG_CONFIG_HOME ? join(env.XDG_CONFIG_HOME, 'soma') : '~/.config/soma';
}
