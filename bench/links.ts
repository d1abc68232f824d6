import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Harness } from '../harness/schema.ts';
import { Vault } from '../server/vault/vault.ts';
import { ensureVault } from '../server/vault/vault-init.ts';
import {
  type RecordedRequest,
  type Script,
  startFakeUpstream,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { hash, listedNames, QUESTIONS, runCondition } from './link-run.ts';
import { benchLinks10k } from './links-10k.ts';
import { type BenchResult, round2 } from './results.ts';

/** Links each scripted answer proposes. */
const LINKS_PER_ANSWER = 3;
/** Notes in the generated vault. */
const NOTES = 50;

const HEADS = [
  'Memoria',
  'Atención',
  'Hábito',
  'Sueño',
  'Lectura',
  'Escritura',
  'Proyecto',
  'Método',
];
const TAILS = [
  'de trabajo',
  'activa',
  'profunda',
  'y descanso',
  'diaria',
  'espaciada',
  'lenta',
  'crítica',
];
/** Topics a model invents from when it cannot see the vault: the vault's plus plausible others. */
const INVENTED_TAILS = [
  ...TAILS,
  'a largo plazo',
  'consciente',
  'en red',
  'semántica',
  'episódica',
];

const noteNames = Array.from({ length: HEADS.length * TAILS.length }, (_, i) => {
  return `${HEADS[i % HEADS.length]} ${TAILS[Math.floor(i / HEADS.length)]}`;
}).slice(0, NOTES);

/** The "model": names from the note listing when its system prompt has one, else invented ones. */
function linkingModel(listingPrompt: string) {
  return (req: RecordedRequest): Script => {
    const body = req.body as { messages: { role: string; content: string }[] };
    const question = body.messages.at(-1)?.content ?? '';
    const listed = listedNames(req, listingPrompt);
    const seed = hash(question);
    const names = Array.from({ length: LINKS_PER_ANSWER }, (_, k) => {
      const n = (seed >>> (k * 5)) + k * 7;
      if (listed.length > 0) return listed[n % listed.length];
      return `${HEADS[n % HEADS.length]} ${INVENTED_TAILS[(n >>> 3) % INVENTED_TAILS.length]}`;
    });
    const text = `Sobre «${question}»: ${names.map((n) => `[[${n}]]`).join(', ')}.`;
    return { kind: 'text', chunks: [text] };
  };
}

/**
 * synapse.links_resolved_with_listing / _without_listing: the share of `[[links]]` a
 * scripted model proposes that resolve to a real note, with and without the harness's
 * note listing (`links.listVaultNotes`), through the real chat and synapse routes.
 */
export async function benchLinks(): Promise<BenchResult[]> {
  const base = await mkdtemp(join(tmpdir(), 'soma-bench-links-'));
  const root = join(base, 'vault');
  await ensureVault(root);
  for (const [i, name] of noteNames.entries()) {
    const folder = join(root, ['01_Caracter', '03_Proyectos', '00_Entrada'][i % 3]!);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${name}.md`), `# ${name}\n`);
  }
  const vault = new Vault(root);
  await vault.start();
  await vault.ready();
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const upstream = await startFakeUpstream();
  upstream.setScript(linkingModel(shipped.prompts.vaultListing));
  try {
    const on = await runCondition(base, vault, upstream.url, true);
    const off = await runCondition(base, vault, upstream.url, false);
    const share = (r: { proposed: number; resolved: number }) =>
      round2((100 * r.resolved) / Math.max(1, r.proposed));
    const note = (r: { proposed: number; resolved: number }) =>
      `${r.resolved} of ${r.proposed} proposed links resolved; ${QUESTIONS} scripted answers over a generated vault of ${noteNames.length} notes (fake upstream)`;
    return [
      ...(await benchLinks10k(base, upstream)),
      {
        name: 'synapse.links_resolved_with_listing',
        value: share(on),
        unit: '%',
        baseline: { name: 'synapse.links_resolved_without_listing', value: share(off) },
        note: note(on),
      },
      {
        name: 'synapse.links_resolved_without_listing',
        value: share(off),
        unit: '%',
        note: note(off),
      },
    ];
  } finally {
    await upstream.close();
    await vault.close();
    await rm(base, { recursive: true, force: true });
  }
}
