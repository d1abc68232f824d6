import os from 'node:os';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import * as z from 'zod/mini';
import { relativeVaultPath } from '../vault/vault-path.ts';
import { defaultConfigDir } from './default-config-dir.ts';

/**
 * Command-line options. Flags win over environment variables, which win over
 * defaults. Errors are Spanish and name the flag or variable that was wrong,
 * because they are the first thing a new user may read.
 */

const DEFAULT_PORT = 4317;
const LOOPBACK_NAMES = new Set(['localhost', '::1', '[::1]']);

const PathSchema = z.string().check(z.minLength(1));
export const OptionsSchema = z.object({
  vault: PathSchema,
  /** Who gave the vault path (`--vault`, `SOMA_VAULT`); null for the default. */
  vaultSource: z.nullable(z.string()),
  /** A missing vault path is created without asking (`--create-vault`). */
  createVault: z.boolean(),
  harness: PathSchema,
  /** 0 asks the system for a free port (tests, benchmarks). */
  port: z.int().check(z.gte(0), z.lte(65_535)),
  host: z.string().check(z.minLength(1)),
  configDir: PathSchema,
  /** Open the start-up link in a browser. */
  open: z.boolean(),
  /** LAN mode: HTTPS for phones on the home network; off unless asked for. */
  lan: z.object({
    enabled: z.boolean(),
    /** Only this network interface's addresses (`wlan0`); all when null. */
    interface: z.nullable(z.string()),
    /** The HTTPS port; null means the HTTP port + 1. */
    port: z.nullable(z.int().check(z.gte(0), z.lte(65_535))),
    /** Test/advanced: names and addresses used instead of the detected ones. */
    hosts: z.array(z.string().check(z.minLength(1))),
    addresses: z.array(z.string().check(z.minLength(1))),
  }),
});
export type Options = z.infer<typeof OptionsSchema>;

/** Where relative paths and `~` resolve; injectable for tests. */
export interface OptionsContext {
  cwd?: string;
  home?: string;
}

const FLAGS = {
  vault: { flag: '--vault', env: 'SOMA_VAULT' },
  harness: { flag: '--harness', env: 'SOMA_HARNESS' },
  port: { flag: '--port', env: 'SOMA_PORT' },
  host: { flag: '--host', env: 'SOMA_HOST' },
  configDir: { flag: '--config-dir', env: 'SOMA_CONFIG_DIR' },
  lanInterface: { flag: '--lan-interface', env: 'SOMA_LAN_INTERFACE' },
  lanPort: { flag: '--lan-port', env: 'SOMA_LAN_PORT' },
  lanHost: { flag: '--lan-host', env: 'SOMA_LAN_HOST' },
  lanAddress: { flag: '--lan-address', env: 'SOMA_LAN_ADDRESS' },
} as const;
type ValueOption = keyof typeof FLAGS;

/** parseArgs' name of a valued option (`lan-port`) → its key in FLAGS. */
const BY_ARG_NAME = new Map(
  (Object.keys(FLAGS) as ValueOption[]).map((k) => [FLAGS[k].flag.slice(2), k] as const),
);
/** Options that take no value. */
const SWITCHES = new Set(['help', 'lan', 'open', 'no-open', 'create-vault']);
const ARG_OPTIONS: ParseArgsConfig['options'] = {
  ...Object.fromEntries([...BY_ARG_NAME.keys()].map((n) => [n, { type: 'string' as const }])),
  ...Object.fromEntries([...SWITCHES].map((n) => [n, { type: 'boolean' as const }])),
  help: { type: 'boolean', short: 'h' },
};

const HELP = `Uso: soma [opciones]

  --vault RUTA        bóveda de notas (SOMA_VAULT; por defecto ~/vault/SOMA)
  --create-vault      crear la bóveda si la ruta no existe, sin preguntar (SOMA_CREATE_VAULT=1)
  --harness ARCHIVO   arnés de comportamiento (SOMA_HARNESS; por defecto harness/soma.json)
  --port N            puerto HTTP (SOMA_PORT; por defecto ${DEFAULT_PORT})
  --host DIRECCIÓN    dirección de escucha (SOMA_HOST; por defecto 127.0.0.1, solo local)
  --config-dir RUTA   sesiones y ajustes (SOMA_CONFIG_DIR; por defecto ~/.config/soma)
  --no-open           no abrir el navegador al arrancar
  --lan               servir también HTTPS en la red de casa para el móvil (SOMA_LAN=1)
  --lan-interface IF  solo las direcciones de esa interfaz, p. ej. wlan0 (SOMA_LAN_INTERFACE)
  --lan-port N        puerto HTTPS (SOMA_LAN_PORT; por defecto el puerto HTTP + 1)
  --lan-host NOMBRE   avanzado/pruebas: nombres del certificado en lugar de <equipo>.local
  --lan-address IP    avanzado/pruebas: direcciones de escucha en lugar de las detectadas
                      (ambas admiten varios valores separados por comas)
  --help              mostrar esta ayuda
`;

/**
 * Parses `argv` (without node and the script) and `env`. Returns `{ help }`
 * for --help; throws an Error with a Spanish message on a bad value.
 * `appRoot` is the checkout holding `harness/soma.json` (the default harness).
 */
export function parseOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  appRoot: string = process.cwd(),
  context: OptionsContext = {},
): Options | { help: string } {
  const cwd = context.cwd ?? process.cwd();
  const home = context.home ?? os.homedir();
  const flags: Partial<Record<ValueOption, string>> = {};
  let open: boolean | undefined;
  let lan = false;
  let createVault = false;

  // Not strict: parseArgs splits the line, and each token is checked here so that every
  // mistake gets a Spanish message naming the option (its own errors are English).
  const { tokens } = parseArgs({ args: argv, options: ARG_OPTIONS, strict: false, tokens: true });
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      throw new Error(`argumento inesperado: ${token.value}. Usa --help para ver las opciones.`);
    }
    const name = BY_ARG_NAME.get(token.name);
    if (SWITCHES.has(token.name)) {
      if (token.value !== undefined) throw new Error(`${token.rawName} no admite un valor.`);
      if (token.name === 'help') return { help: HELP };
      if (token.name === 'lan') lan = true;
      else if (token.name === 'create-vault') createVault = true;
      else open = token.name === 'open';
      continue;
    }
    if (!name) {
      throw new Error(`opción desconocida: ${token.rawName}. Usa --help para ver las opciones.`);
    }
    const value = token.value;
    // `--vault --no-open` is a forgotten value, not a vault named "--no-open".
    if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--'))) {
      throw new Error(`${token.rawName} necesita un valor.`);
    }
    flags[name] = value;
  }

  /** The given value and who gave it, so an error can name the flag or variable. */
  const pick = (name: ValueOption): { value: string; source: string } | undefined => {
    if (flags[name] !== undefined) return { value: flags[name], source: FLAGS[name].flag };
    const fromEnv = env[FLAGS[name].env];
    return fromEnv ? { value: fromEnv, source: FLAGS[name].env } : undefined;
  };
  const toPath = (p: string): string => path.resolve(cwd, expandHome(p, home)).normalize('NFC');

  const vault = toPath(pick('vault')?.value ?? '~/vault/SOMA');
  const harness = toPath(pick('harness')?.value ?? path.join(appRoot, 'harness', 'soma.json'));
  const configDir = toPath(pick('configDir')?.value ?? defaultConfigDir(env));
  if (relativeVaultPath(vault, configDir) !== null) {
    const source = pick('configDir')?.source ?? 'la carpeta de configuración';
    throw new Error(
      `${source}: ${configDir} está dentro de la bóveda (${vault}); las sesiones no deben guardarse entre tus notas.`,
    );
  }

  const portGiven = pick('port');
  const port = portGiven ? Number(portGiven.value.trim()) : DEFAULT_PORT;
  if (portGiven && !(/^\d+$/.test(portGiven.value.trim()) && port <= 65_535)) {
    throw new Error(
      `${portGiven.source}: el puerto debe ser un número entero entre 0 y 65535 (llegó «${portGiven.value}»).`,
    );
  }

  const hostGiven = pick('host');
  // Node listens on `::1`, not on the bracketed form used in URLs.
  const host = (hostGiven?.value.trim() ?? '127.0.0.1').replace(/^\[::1\]$/, '::1');
  if (!isLoopback(host)) {
    throw new Error(
      `${hostGiven?.source ?? '--host'}: «${host}» no es una dirección local; para el móvil usa --lan, que añade HTTPS en la red de casa (aquí usa 127.0.0.1, ::1 o localhost).`,
    );
  }

  const lanPortGiven = pick('lanPort');
  const lanPort = lanPortGiven ? Number(lanPortGiven.value.trim()) : null;
  if (lanPortGiven && !(/^\d+$/.test(lanPortGiven.value.trim()) && (lanPort ?? 0) <= 65_535)) {
    throw new Error(`${lanPortGiven.source}: el puerto debe ser un número entero entre 0 y 65535.`);
  }
  const list = (name: ValueOption) =>
    (pick(name)?.value ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const yes = (v: string | undefined) =>
    ['1', 'true', 'sí', 'si', 'yes'].includes((v ?? '').toLowerCase());
  const lanOptions = {
    enabled: lan || yes(env.SOMA_LAN),
    interface: pick('lanInterface')?.value.trim() ?? null,
    port: lanPort,
    hosts: list('lanHost'),
    addresses: list('lanAddress'),
  };

  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI !== 'false';
  return OptionsSchema.parse({
    vault,
    vaultSource: pick('vault')?.source ?? null,
    createVault: createVault || yes(env.SOMA_CREATE_VAULT),
    harness,
    port,
    host,
    configDir,
    open: open ?? !ci,
    lan: lanOptions,
  });
}

/** `~` and `~/…` become the home folder; `~user` is left alone (rare, and ambiguous). */
export function expandHome(p: string, home: string = os.homedir()): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(home, p.slice(2));
  return p;
}

/** The plain-HTTP listener stays on loopback (127.0.0.0/8, ::1, localhost); LAN is HTTPS only. */
function isLoopback(host: string): boolean {
  if (LOOPBACK_NAMES.has(host.toLowerCase())) return true;
  const octets = host.split('.');
  return (
    octets.length === 4 &&
    octets[0] === '127' &&
    octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255)
  );
}
