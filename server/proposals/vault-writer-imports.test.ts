import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '../..');

/** The one module allowed to import the vault writer: the confirm endpoint. */
const WRITER_IMPORTERS = new Set(['server/proposals/confirm-route.ts']);

/** Non-test server modules allowed to import file-writing functions, each with its reason. */
const FS_WRITERS: Record<string, string> = {
  'server/proposals/vault-writer.ts': 'the one vault writer, reached only through confirm',
  'server/vault/vault-init.ts':
    'lays out a new (missing or empty) vault: its folders and the welcome note',
  'server/storage/json-file.ts':
    'writes and deletes the small JSON files of the config folder (sessions, cli.json, switches, consent, pairs, scan cache), outside the vault',
  'server/auth/session-store.ts':
    'creates the config folder and sets a corrupt sessions.json aside, outside the vault',
  'server/lan/lan-certificates.ts':
    'writes the LAN authority and certificate in <configDir>/tls, outside the vault',
  'server/vault/read-regular-file.ts':
    'imports fs `openSync` only to read notes (O_RDONLY | O_NONBLOCK) while indexing and exporting',
  'server/conversations/conversation-store.ts':
    'keeps the synchronised conversations in <configDir>/conversations, outside the vault',
  'server/conversations/record-log.ts':
    'appends checksummed records to the conversation logs in <configDir>/conversations',
  'server/conversations/legacy-import.ts':
    'renames the old conversations.json to .imported in the config folder, once',
  'server/history/history-store.ts':
    'keeps every approved version in <configDir>/history, outside the vault',
  'server/history/history-packs.ts':
    'opens the history packs in <configDir>/history read-only, to read versions back',
  'server/history/history-files.ts':
    'writes the history temp files in <configDir>/history, outside the vault',
  'server/search-quality/search-pair-store.ts':
    'creates the config folder that holds search-pairs.json, outside the vault',
  'server/embeddings/consent-store.ts':
    'deletes the embeddings consent in the config folder, outside the vault',
  'server/storage/durable-file.ts':
    'appends, writes and fsyncs the stores of the config folder (history, conversations, embeddings, models), outside the vault',
  'server/embeddings/store-files.ts':
    'keeps and compacts the vector store in <configDir>/embeddings, outside the vault',
  'server/models/fetch-file.ts':
    'downloads a model file into its .part in <configDir>/models, outside the vault',
  'server/models/download-model.ts':
    'renames a checked .part in the staging folder under <configDir>/models, outside the vault',
  'server/models/install-from-folder.ts':
    'copies a model brought on a USB stick into <configDir>/models, outside the vault',
  'server/models/model-staging.ts':
    'creates the staging folder and renames it to the model folder in <configDir>/models',
  'server/models/model-lock.ts': 'writes the install lock (a pid) in <configDir>/models',
  'server/embeddings/thread-priority.ts':
    "writes the model process's session-group nice value to /proc/self/autogroup, nothing on disk",
};

/** Functions of node:fs, node:fs/promises or write-file-atomic that create, change or delete files. */
const WRITE_FNS =
  /\b(writeFile|writeFileSync|appendFile|appendFileSync|rename|renameSync|rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync|mkdir|mkdirSync|mkdtemp|createWriteStream|copyFile|copyFileSync|cp|cpSync|truncate|symlink|link|writeSync|write|open|openSync|chmod)\b/;
/** Test support (only tests import it): free to write fixtures into temp folders. */
const TEST_SUPPORT = /(^|\/)(fixtures|testing)\//;
const FS_MODULE = /^(node:)?fs(\/promises)?$|^write-file-atomic$/;
const IMPORT_RE = /import\s+([\s\S]*?)\s+from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

function imports(file: string): { what: string; from: string }[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT_RE)].map((m) => ({
    what: m[1] ?? '*',
    from: m[2] ?? m[3] ?? '',
  }));
}

const files = [...sources('server'), ...sources('web')];

describe('vault-writer imports', () => {
  it('finds the modules it polices (the scan is not empty)', () => {
    expect(files).toContain('server/proposals/confirm-route.ts');
    expect(files).toContain('server/vault/vault-init.ts');
  });

  it('lets only the confirm route import the vault writer', () => {
    const offenders = files.filter(
      (f) =>
        !WRITER_IMPORTERS.has(f) &&
        f !== 'server/proposals/vault-writer.ts' &&
        imports(f).some((i) => /(^|\/)vault-writer(\.ts|\.js)?$/.test(i.from)),
    );
    expect(offenders).toEqual([]);
  });

  it('lets no other module import file-writing functions from fs', () => {
    const offenders = files.flatMap((f) =>
      imports(f)
        .filter((i) => FS_MODULE.test(i.from) && !/^type\s/.test(i.what))
        // A default or namespace import of fs can reach every writer, so it counts as one.
        .filter(
          (i) => i.from === 'write-file-atomic' || /^\*|^\w/.test(i.what) || WRITE_FNS.test(i.what),
        )
        .filter(() => !Object.hasOwn(FS_WRITERS, f) && !TEST_SUPPORT.test(f))
        .map((i) => `${f}: import ${i.what} from '${i.from}'`),
    );
    expect(offenders).toEqual([]);
  });

  it('keeps test support (free to write fixtures) out of the modules that run in production', () => {
    const offenders = files.filter(
      (f) =>
        !TEST_SUPPORT.test(f) &&
        imports(f).some((i) => i.from.startsWith('.') && TEST_SUPPORT.test(i.from)),
    );
    expect(offenders).toEqual([]);
  });

  it('catches a forbidden import when one is present (the patterns work)', () => {
    const sample =
      "import { readFile, writeFile } from 'node:fs/promises';\nimport fs from 'node:fs';";
    const found = [...sample.matchAll(IMPORT_RE)].map((m) => m[1] ?? '');
    expect(WRITE_FNS.test(found[0] ?? '')).toBe(true);
    expect(/^\*|^\w/.test(found[1] ?? '')).toBe(true);
    expect(WRITE_FNS.test('{ readFile, stat, readdir, realpath, lstat }')).toBe(false);
  });
});
