import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultConfigDir } from '../config/default-config-dir.ts';
import { expandHome } from '../config/options.ts';
import { loadHarness } from '../harness/harness-loader.ts';
import { downloadModel } from './download-model.ts';
import { installModelFromFolder } from './install-from-folder.ts';
import { errorText, HELP, planText, progressText } from './model-command-text.ts';
import { isModelInstalled } from './model-dir.ts';
import {
  type DownloadProgress,
  ModelInstallError,
  modelFileUrl,
  modelFolder,
} from './model-source.ts';

/**
 * `npm run model`: installs the harness's semantic model from the terminal, the same way the
 * panel does (same module, same lock: the two never download at once). Exit code 0 only when a
 * checked model is in place; 1 when it could not be installed; 2 for a wrong command line.
 */

/** How often is progress printed when the output is not a terminal (a log, a pipe)? */
const LOG_INTERVAL_MS = 5_000;

/** Where the command writes and what it reads; injectable for tests. */
export interface CommandIo {
  out: { write(s: string): unknown; isTTY?: boolean };
  err: { write(s: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  signal?: AbortSignal;
}

const APP_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs the command; resolves with its exit code. */
export async function runModelCommand(argv: string[], io: CommandIo): Promise<number> {
  let values: {
    'base-url'?: string;
    'config-dir'?: string;
    harness?: string;
    from?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'base-url': { type: 'string' },
        'config-dir': { type: 'string' },
        harness: { type: 'string' },
        from: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (err) {
    io.err.write(`${optionError(err)} Usa --help para ver las opciones.\n`);
    return 2;
  }
  if (values.help) {
    io.out.write(HELP);
    return 0;
  }
  const baseUrl = values['base-url'] ?? null;
  if (baseUrl !== null && !/^https?:$/.test(URL.parse(baseUrl)?.protocol ?? '')) {
    io.err.write(`--base-url: no es una URL http(s) válida: ${baseUrl}\n`);
    return 2;
  }
  const toPath = (p: string) => path.resolve(io.cwd, expandHome(p));
  const configDir = toPath(
    values['config-dir'] ?? io.env.SOMA_CONFIG_DIR ?? defaultConfigDir(io.env),
  );
  const harnessFile = toPath(
    values.harness ?? io.env.SOMA_HARNESS ?? path.join(APP_ROOT, 'harness', 'soma.json'),
  );
  const loaded = await loadHarness(harnessFile);
  if (!loaded.ok) {
    io.err.write(`${loaded.error.message}\n`);
    return 2;
  }
  const model = loaded.harness.semanticModel;
  if (!model) {
    io.err.write(`${harnessFile}: el arnés no nombra ningún modelo (falta «semanticModel»).\n`);
    return 2;
  }
  const target = modelFolder(configDir, model);
  if (await isModelInstalled(configDir, model)) {
    io.out.write(`El modelo ${model.label} ya está instalado y comprobado en ${target}.\n`);
    return 0;
  }
  const from = values.from ? toPath(values.from) : null;
  const source = from ?? modelFileUrl(model, '', baseUrl);
  io.out.write(planText(model, source, target));
  const progress = progressPrinter(io.out);
  try {
    const folder = from
      ? await installModelFromFolder({ model, configDir, from, onProgress: progress.show })
      : await downloadModel({
          model,
          configDir,
          baseUrl,
          signal: io.signal,
          onProgress: progress.show,
        });
    progress.end();
    io.out.write(`Listo: ${model.label} instalado y comprobado en ${folder}.\n`);
    return 0;
  } catch (err) {
    progress.end();
    if (!(err instanceof ModelInstallError)) throw err;
    io.err.write(`${errorText(err, model)}\n`);
    return 1;
  }
}

/** parseArgs' English errors, in Spanish. */
function optionError(err: unknown): string {
  const code = (err as { code?: string }).code;
  const name = /'(-[^']+)'/.exec((err as Error).message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Opción desconocida: ${name}.`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'Argumento inesperado.';
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
    return `${name.split(' ')[0]} necesita un valor.`;
  return (err as Error).message;
}

/**
 * On a terminal, one line rewritten in place; elsewhere, a line every few seconds and one per
 * phase change, so a log stays short.
 */
function progressPrinter(out: CommandIo['out']) {
  let last: DownloadProgress | null = null;
  let printedAt = Number.NEGATIVE_INFINITY;
  let open = false;
  return {
    show(p: DownloadProgress) {
      const changed = last === null || last.file !== p.file || last.phase !== p.phase;
      last = p;
      if (out.isTTY) {
        out.write(`\r${progressText(p)}\x1b[K`);
        open = true;
        return;
      }
      const now = performance.now();
      if (!changed && now - printedAt < LOG_INTERVAL_MS) return;
      printedAt = now;
      out.write(`${progressText(p)}\n`);
    },
    end() {
      if (open) out.write('\n');
      open = false;
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ctrl = new AbortController();
  // The first Ctrl+C stops the download cleanly (the .part stays for next time).
  process.once('SIGINT', () => ctrl.abort());
  const code = await runModelCommand(process.argv.slice(2), {
    out: process.stdout,
    err: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    signal: ctrl.signal,
  });
  process.exitCode = code;
}
