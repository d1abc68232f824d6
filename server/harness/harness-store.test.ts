import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HarnessLoadError, HarnessStore } from './harness-store.ts';

const SHIPPED = join(process.cwd(), 'harness', 'soma.json');
/** The harness as plain JSON, so a test can break it in any way it likes. */
// biome-ignore lint/suspicious/noExplicitAny: tests write arbitrary, deliberately wrong JSON.
type Editable = Record<string, any>;

/**
 * Upper bound for a file edit to be noticed (debounce is 100 ms): a failure report only,
 * sized for slow CI file systems and a busy machine.
 */
const SEEN_WITHIN = { timeout: 15_000, interval: 20 };

describe('server/harness/harness-store', () => {
  let dir: string;
  let file: string;
  let store: HarnessStore | undefined;
  let logs: string[];

  const edited = (edit: (h: Editable) => void): string => {
    const h = JSON.parse(readFileSync(SHIPPED, 'utf8'));
    edit(h);
    return JSON.stringify(h, null, 2);
  };
  const open = async () => {
    store = await HarnessStore.open(file, { log: (line) => logs.push(line) });
    store.watch();
    return store;
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'soma-store-'));
    file = join(dir, 'soma.json');
    copyFileSync(SHIPPED, file);
    logs = [];
  });
  afterEach(() => {
    store?.close();
    store = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to open a broken harness with the formatted message', async () => {
    writeFileSync(file, '{ "version": 1, }');
    const error = await HarnessStore.open(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessLoadError);
    expect((error as Error).message).toMatch(/soma\.json: línea 1, columna 15: JSON inválido/);
  });

  it('refuses to open a missing harness', async () => {
    await expect(HarnessStore.open(join(dir, 'nada.json'))).rejects.toThrow(/no se encuentra/);
  });

  it('reports the file, the default profile and the profiles', async () => {
    const s = await open();
    expect(s.status()).toMatchObject({ ok: true, problem: null, file, defaultProfile: 'default' });
    expect(s.status().profiles).toContainEqual({
      id: 'tutor',
      label: 'Tutor',
      description: expect.any(String),
    });
  });

  it('applies a valid edit without a restart and tells listeners', async () => {
    const s = await open();
    const seen = vi.fn();
    s.onChange(seen);
    writeFileSync(
      file,
      edited((h) => (h.history.turns = 4)),
    );
    await vi.waitFor(() => expect(s.current().history.turns).toBe(4), SEEN_WITHIN);
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ ok: true }));
  });

  it('keeps the last good harness on an invalid edit, reports it and logs one line', async () => {
    const s = await open();
    writeFileSync(
      file,
      edited((h) => (h.profiles.tutor.prompt = 7)),
    );
    await vi.waitFor(() => expect(s.status().ok).toBe(false), SEEN_WITHIN);
    expect(s.status().problem).toMatchObject({
      kind: 'schema',
      issues: [
        {
          path: '$.profiles.tutor.prompt',
          code: 'type',
          params: { expected: 'string', got: 'number' },
        },
      ],
    });
    expect(logs.find((l) => l.includes('rechazado'))).toContain(
      '$.profiles.tutor.prompt: se esperaba texto (string), llegó número',
    );
    expect(s.current().profiles.tutor?.prompt).toMatch(/^Modo tutor/);
    expect(logs.filter((l) => l.includes('rechazado'))).toHaveLength(1);
    expect(logs.every((l) => !l.includes('\n'))).toBe(true);
  });

  it('clears the error when a later edit fixes the file', async () => {
    const s = await open();
    writeFileSync(file, '{ roto');
    await vi.waitFor(() => expect(s.status().ok).toBe(false), SEEN_WITHIN);
    writeFileSync(
      file,
      edited((h) => (h.defaultProfile = 'tutor')),
    );
    await vi.waitFor(
      () => expect(s.status()).toMatchObject({ ok: true, problem: null }),
      SEEN_WITHIN,
    );
    expect(s.current().defaultProfile).toBe('tutor');
  });

  it('follows editors that save by writing a temporary file and renaming it', async () => {
    const s = await open();
    for (const turns of [5, 6]) {
      const temp = join(dir, `.soma.json.${turns}.tmp`);
      writeFileSync(
        temp,
        edited((h) => (h.history.turns = turns)),
      );
      renameSync(temp, file);
      await vi.waitFor(() => expect(s.current().history.turns).toBe(turns), SEEN_WITHIN);
    }
  });

  it('reports a deleted file and keeps the harness it had', async () => {
    const s = await open();
    rmSync(file);
    await vi.waitFor(() => expect(s.status().problem?.kind).toBe('missing'), SEEN_WITHIN);
    expect(s.current().identity.name).toBe('SOMA');
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const s = await open();
    const seen = vi.fn();
    s.onChange(seen)();
    writeFileSync(
      file,
      edited((h) => (h.history.turns = 3)),
    );
    await s.reload();
    expect(seen).not.toHaveBeenCalled();
    expect(s.current().history.turns).toBe(3);
  });
});
