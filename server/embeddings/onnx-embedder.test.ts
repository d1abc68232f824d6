import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cosine } from '../../common/vector-codec.ts';
import { OnnxEmbedderSchema } from '../../harness/embeddings-schema.ts';
import { seededRandom } from '../../testing/server/seeded-random.ts';
import { writeConceptModel, writeTinyModel } from '../../testing/server/tiny-onnx-model.ts';
import { type Embedder, EmbedError } from './embedder.ts';
import { createOnnxEmbedder } from './onnx-embedder.ts';
import { testVector } from './test-embedder.ts';

const DIMS = 8;
const WORDS = ['passage', 'query', ':', 'hola', 'mundo', 'casa', 'verde', 'luz', 'mar', 'sol'];
const random = seededRandom(7);
const ROWS = new Map(WORDS.map((w) => [w, Array.from({ length: DIMS }, () => random() - 0.5)]));

let root: string;
let modelDir: string;
const open: Embedder[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'soma-onnx-'));
  modelDir = await folder('tiny');
  await writeTinyModel(modelDir, {
    words: WORDS,
    dimensions: DIMS,
    row: (w) => ROWS.get(w) ?? [],
  });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((e) => e.close?.()));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function folder(name: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir);
  return dir;
}

const config = (dir: string, extra: object = {}) =>
  OnnxEmbedderSchema.parse({
    kind: 'onnx',
    modelDir: dir,
    dimensions: DIMS,
    queryPrefix: 'query: ',
    documentPrefix: 'passage: ',
    ...extra,
  });

async function embedder(dir = modelDir, extra: object = {}, threads?: number) {
  const e = await createOnnxEmbedder(config(dir, extra), { threads });
  open.push(e);
  return e;
}

/** e5's pooling by hand: the mean of every token's row the mask keeps, specials (zero) included. */
function byHand(tokens: string[]): number[] {
  const sum = new Array<number>(DIMS).fill(0);
  for (const t of tokens) {
    for (const [d, x] of (ROWS.get(t) ?? []).entries()) sum[d] = (sum[d] as number) + x;
  }
  const mean = sum.map((x) => x / (tokens.length + 2)); // + [CLS] and [SEP]
  const norm = Math.hypot(...mean);
  return mean.map((x) => x / norm);
}

function expectClose(got: Float32Array | undefined, want: ArrayLike<number>) {
  expect(got).toBeDefined();
  const g = got as Float32Array;
  expect(g.length).toBe(want.length);
  for (let d = 0; d < want.length; d++) expect(g[d]).toBeCloseTo(want[d] as number, 6);
}

async function problem(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmbedError);
  return (err as EmbedError).problem;
}

/** The processes `pid` started and that still run (each of its threads lists its own). */
async function children(pid: number | 'self' = 'self'): Promise<number[]> {
  const found = new Set<number>();
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const listed = await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '');
    for (const child of listed.split(' ').filter(Boolean)) found.add(Number(child));
  }
  return [...found];
}

/** A process's session id (field 6 of its stat line, the 4th after the command in parentheses). */
const sessionOf = (pid: number | 'self') => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
};

/** A process's session group and its nice value ("/autogroup-12 nice 5"), or null without autogroups. */
const autogroupOf = (pid: number | 'self') =>
  existsSync(`/proc/${pid}/autogroup`)
    ? readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim()
    : null;

describe('server/embeddings/onnx-embedder', () => {
  it('embeds each text as the normalised mean of its token rows, prefix included', async () => {
    const e = await embedder();
    // Six and seven tokens: one run, the shorter padded (the model writes ones there).
    const [a, b] = await e.embed(['Hola Mundo', 'hola mundos'], 'document');
    expectClose(a, byHand(['passage', ':', 'hola', 'mundo']));
    expectClose(b, byHand(['passage', ':', 'hola', 'mundo', '##s']));
    const [q] = await e.embed(['Mar y SOL'], 'query');
    expectClose(q, byHand(['query', ':', 'mar', '[UNK]', 'sol']));
  });

  it('returns the same vectors, in input order, for a mixed batch as one text at a time', async () => {
    const e = await embedder();
    const pick = seededRandom(11);
    const texts = Array.from({ length: 16 }, () =>
      Array.from(
        { length: 1 + Math.floor(pick() * 30) },
        () => WORDS[3 + Math.floor(pick() * 7)],
      ).join(' '),
    );
    const together = await e.embed(texts, 'document');
    for (const [i, text] of texts.entries()) {
      const [alone] = await e.embed([text], 'document');
      expectClose(together[i], alone as Float32Array);
    }
  });

  it('answers a question posted behind long document requests before they end', async () => {
    const e = await embedder();
    const pick = seededRandom(5);
    // Lengths from 4 to ~60 tokens: many runs of similar length in each request.
    const long = () =>
      Array.from({ length: 400 }, () =>
        Array.from(
          { length: 1 + Math.floor(pick() * 60) },
          () => WORDS[3 + Math.floor(pick() * 7)],
        ).join(' '),
      );
    const done: string[] = [];
    const first = e.embed(long(), 'document').then(() => done.push('first documents'));
    const second = e.embed(long(), 'document').then(() => done.push('second documents'));
    const question = e.embed(['mar sol'], 'query').then(([v]) => {
      done.push('question');
      return v;
    });
    expectClose(await question, byHand(['query', ':', 'mar', 'sol']));
    await Promise.all([first, second]);
    expect(done).toEqual(['question', 'first documents', 'second documents']);
  });

  it('keeps a thread change between the document requests it was posted between', async () => {
    const e = await embedder();
    const done: string[] = [];
    const texts = Array(200).fill('hola mundo casa verde');
    const before = e.embed(texts, 'document').then(() => done.push('before'));
    const change = e.setThreads?.(2).then(() => done.push('threads'));
    const after = e.embed(texts, 'document').then(() => done.push('after'));
    await Promise.all([before, change, after]);
    expect(done).toEqual(['before', 'threads', 'after']);
    expect(e.threads).toBe(2);
  });

  it('cuts a long text to maxTokens and keeps its closing token', async () => {
    const e = await embedder(modelDir, { maxTokens: 16 });
    const words = Array.from({ length: 30 }, (_, i) => WORDS[3 + (i % 7)] as string);
    const [v] = await e.embed([words.join(' ')], 'document');
    // [CLS] passage : + 12 words + [SEP] = 16 tokens.
    expectClose(v, byHand(['passage', ':', ...words.slice(0, 12)]));
  });

  it('changes its thread budget between calls and embeds the same after', async () => {
    const e = await embedder();
    expect(e.threads).toBe(1);
    const [before] = await e.embed(['casa verde'], 'document');
    await e.setThreads?.(2);
    expect(e.threads).toBe(2);
    const [after] = await e.embed(['casa verde'], 'document');
    expectClose(after, before as Float32Array);
  });

  it.runIf(process.platform === 'linux')(
    'runs the model in a process of its own, in a lowered session group, that close ends',
    async () => {
      const before = await children();
      const ours = autogroupOf('self');
      const e = await embedder();
      const started = (await children()).filter((pid) => !before.includes(pid));
      expect(started).toHaveLength(1);
      const pid = started[0] as number;
      expect(sessionOf(pid)).toBe(pid);
      expect(sessionOf(pid)).not.toBe(sessionOf('self'));
      if (ours !== null) {
        // This kernel has session groups: the model's is its own, lowered; ours is as it was.
        expect(autogroupOf(pid)).toMatch(/nice 5$/);
        expect(autogroupOf(pid)?.split(' ')[0]).not.toBe(ours.split(' ')[0]);
        expect(autogroupOf('self')).toBe(ours);
      }
      await e.close?.();
      expect(await children()).not.toContain(pid);
      expect(await problem(e.embed(['hola'], 'document'))).toMatchObject({ code: 'model_failed' });
    },
  );

  it.runIf(process.platform === 'linux')(
    "gives the model process none of the server's secrets from the environment",
    async () => {
      const before = await children();
      process.env.SOMA_TEST_PROVIDER_KEY = 'gsk_not-for-the-model';
      try {
        await embedder();
      } finally {
        delete process.env.SOMA_TEST_PROVIDER_KEY;
      }
      const [pid] = (await children()).filter((p) => !before.includes(p));
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ.some((v) => v.startsWith('PATH='))).toBe(true);
      expect(environ.some((v) => v.includes('gsk_not-for-the-model'))).toBe(false);
    },
  );

  it.runIf(process.platform === 'linux')(
    'ends the model process when the server that started it dies',
    async () => {
      const script = join(root, 'dies.mts');
      const embedderPath = resolve('server/embeddings/onnx-embedder.ts');
      await writeFile(
        script,
        `import { createOnnxEmbedder } from ${JSON.stringify(embedderPath)};
const e = await createOnnxEmbedder(${JSON.stringify(config(modelDir))});
await e.embed(['hola'], 'document');
process.stdout.write('ready\\n');
setInterval(() => {}, 1000);
`,
      );
      const { spawn } = await import('node:child_process');
      const server = spawn(resolve('node_modules/.bin/tsx'), [script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((done) => server.stdout.once('data', () => done()));
      // tsx runs the script in a node of its own: the model is that node's child.
      const inner = await children(server.pid as number);
      const models = (await Promise.all(inner.map((pid) => children(pid)))).flat();
      expect(models.length).toBeGreaterThan(0);
      // SIGKILL: the server gets no chance to close anything.
      for (const pid of inner) process.kill(pid, 'SIGKILL');
      server.kill('SIGKILL');
      for (let i = 0; i < 100 && models.some((pid) => existsSync(`/proc/${pid}/stat`)); i++)
        await new Promise((r) => setTimeout(r, 50));
      const running = (pid: number) =>
        existsSync(`/proc/${pid}/stat`) && !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      expect(models.filter(running)).toEqual([]);
    },
  );

  it('rejects an aborted call at once and answers the next one rightly', async () => {
    const e = await embedder();
    const abort = new AbortController();
    const call = e.embed(Array(64).fill('hola mundo casa'), 'document', abort.signal);
    abort.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    const [v] = await e.embed(['luz'], 'document');
    expectClose(v, byHand(['passage', ':', 'luz']));
  });

  it('fails the calls in flight when the worker dies, and the next call starts a new one', async () => {
    const dir = await folder('dying');
    const files = await writeTinyModel(dir, {
      words: WORDS,
      dimensions: DIMS,
      row: (w) => ROWS.get(w) ?? [],
    });
    const e = await embedder(dir);
    // Re-creating the session needs the model file: without it the worker ends.
    await rm(join(dir, 'model_quantized.onnx'));
    const threads = e.setThreads?.(2) ?? Promise.resolve();
    const inFlight = e.embed(['hola'], 'document');
    expect(await problem(threads)).toMatchObject({ code: 'model_failed' });
    expect(await problem(inFlight)).toMatchObject({ code: 'model_failed' });
    expect(e.threads).toBe(1);
    await writeTinyModel(dir, { words: WORDS, dimensions: DIMS, row: (w) => ROWS.get(w) ?? [] });
    expect(files.files.map((f) => f.name)).toEqual(['model_quantized.onnx', 'tokenizer.json']);
    const [v] = await e.embed(['sol'], 'document');
    expectClose(v, byHand(['passage', ':', 'sol']));
  });

  it('says model_failed when the folder holds no model', async () => {
    const p = await problem(createOnnxEmbedder(config(join(root, 'nada'))));
    expect(p).toMatchObject({ code: 'model_failed' });
  });

  it('embeds concept words through the concept model as the test embedder does', async () => {
    const dir = await folder('concepts');
    await writeConceptModel(dir, 64);
    const e = await createOnnxEmbedder(config(dir, { dimensions: 64 }));
    open.push(e);
    const [coche, auto, receta, mixed] = await e.embed(
      ['coche', 'automóvil', 'receta', 'Los perros y la casa del médico'],
      'document',
    );
    expect(cosine(coche!, auto!)).toBeGreaterThan(cosine(coche!, receta!));
    expect(cosine(mixed!, testVector('Los perros y la casa del médico', 64))).toBeCloseTo(1, 5);
  });

  it('runs from tsx, as the bench and `npm run model` do', async () => {
    const script = join(root, 'from-tsx.mts');
    const embedderPath = resolve('server/embeddings/onnx-embedder.ts');
    await writeFile(
      script,
      `import { createOnnxEmbedder } from ${JSON.stringify(embedderPath)};
const e = await createOnnxEmbedder(${JSON.stringify(config(modelDir))});
const [v] = await e.embed(['hola mundo'], 'document');
process.stdout.write(JSON.stringify([...v]));
await e.close();
`,
    );
    const { stdout } = await promisify(execFile)(resolve('node_modules/.bin/tsx'), [script]);
    expectClose(Float32Array.from(JSON.parse(stdout)), byHand(['passage', ':', 'hola', 'mundo']));
  });

  const realModelDir = process.env.SOMA_EMBED_MODEL_DIR;
  if (!realModelDir) {
    process.stdout.write(
      '[onnx-embedder] real-model test skipped: SOMA_EMBED_MODEL_DIR is not set\n',
    );
  }
  it.skipIf(!realModelDir)(
    'embeds Spanish paraphrases nearer than unrelated text (real model)',
    async () => {
      const e = await createOnnxEmbedder({
        ...config(realModelDir ?? ''),
        dimensions: 384,
      });
      open.push(e);
      const [q, near, far] = await e.embed(
        ['mi coche nuevo', 'compré un automóvil', 'receta de tortilla'],
        'document',
      );
      expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!));
    },
  );
});
