import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { foldText } from '../common/fold-text.ts';
import type { Harness } from '../harness/schema.ts';
import { capListing } from '../server/chat/turn-blocks.ts';
import { Vault } from '../server/vault/vault.ts';
import type { FakeUpstream, Script } from '../testing/server/fake-upstream/fake-upstream.ts';
import { hash, listedNames, runCondition } from './link-run.ts';
import { type BenchResult, round2 } from './results.ts';

/** 40 topics × 25 qualifiers × 10 numbers: 10,000 distinct note names of ~18 characters. */
const TOPICS = (
  'Memoria Atención Hábito Sueño Lectura Escritura Proyecto Método Jardín Cocina Viaje Música ' +
  'Guitarra Fotografía Montaña Bicicleta Finanzas Salud Meditación Idioma Filosofía Historia ' +
  'Ciencia Poesía Cine Teatro Familia Amistad Trabajo Tesis Café Invierno Verano Mar Faro ' +
  'Ciudad Biblioteca Pintura Ajedrez Carpintería'
).split(' ');
const QUALIFIERS = (
  'activa profunda diaria lenta crítica espaciada compartida nocturna temprana sencilla antigua ' +
  'moderna breve larga tranquila intensa práctica teórica pendiente revisada olvidada nueva ' +
  'personal colectiva mínima'
).split(' ');
const NUMBERS = 10;
/** What the model makes up when it sees no note on the topic: none of these exist. */
const INVENTED = ['a largo plazo', 'consciente', 'en red'];
const QUESTIONS = 24;
const LINKS_PER_ANSWER = 3;

const names = TOPICS.flatMap((t) =>
  QUALIFIERS.flatMap((q) => Array.from({ length: NUMBERS }, (_, n) => `${t} ${q} ${n + 1}`)),
);
/** Questions on topics spread over the alphabet, each worded one of three ways. */
const questions = Array.from({ length: QUESTIONS }, (_, q) => {
  const topic = TOPICS[(q * 7) % TOPICS.length]!.toLowerCase();
  return [
    `¿Qué tengo sobre ${topic}?`,
    `Resume lo que sé de ${topic}.`,
    `Ideas nuevas para ${topic}, por favor.`,
  ][q % 3]!;
});
/** The topic a question asks about, and whether a note name is on it (its first word). */
const topicOf = (question: string) =>
  TOPICS.find((t) => foldText(question).includes(foldText(t))) ?? '';
const isOn = (name: string, topic: string) => foldText(name.split(' ')[0]!) === foldText(topic);

/**
 * synapse.links_resolved_with_listing_10k and synapse.relevant_names_sent_10k: over a
 * 10,000-note vault, the share of links resolved when a scripted model links the listed
 * notes on the question's topic (and makes up names when it sees none), and the share of
 * the notes on that topic whose names reached it. The baseline of the second is the same
 * budget cut alphabetically, as the listing was before it was ranked.
 */
export async function benchLinks10k(base: string, upstream: FakeUpstream): Promise<BenchResult[]> {
  const root = join(base, 'vault-10k');
  for (const [i, name] of names.entries()) {
    const folder = join(root, ['01_Caracter', '03_Proyectos', '00_Entrada', '06_Archivo'][i % 4]!);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${name}.md`), `# ${name}\n`);
  }
  const vault = new Vault(root);
  await vault.start();
  await vault.ready();
  const shipped: Harness = JSON.parse(await readFile('harness/soma.json', 'utf8'));
  const reached: number[] = [];
  upstream.setScript((req): Script => {
    const body = req.body as { messages: { content: string }[] };
    const question = body.messages.at(-1)?.content ?? '';
    const topic = topicOf(question);
    const listed = listedNames(req, shipped.prompts.vaultListing);
    const onTopic = listed.filter((n) => isOn(n, topic));
    reached.push(onTopic.length / names.filter((n) => isOn(n, topic)).length);
    const seed = hash(question);
    const links = Array.from({ length: LINKS_PER_ANSWER }, (_, k) =>
      k < onTopic.length
        ? onTopic[(seed + k * Math.ceil(onTopic.length / LINKS_PER_ANSWER)) % onTopic.length]
        : `${topic} ${INVENTED[k % INVENTED.length]}`,
    );
    return {
      kind: 'text',
      chunks: [`Sobre «${question}»: ${links.map((n) => `[[${n}]]`).join(', ')}.`],
    };
  });
  try {
    const r = await runCondition(base, vault, upstream.url, true, questions);
    const alphabetical = capListing(
      [...names].sort((a, b) => a.localeCompare(b, 'es')),
      shipped.limits.attachmentChars,
    );
    const listedAlphabetically = new Set(alphabetical.text.split('\n'));
    const alphabeticalReach = questions.map((q) => {
      const on = names.filter((n) => isOn(n, topicOf(q)));
      return on.filter((n) => listedAlphabetically.has(n)).length / on.length;
    });
    const mean = (xs: number[]) => round2((100 * xs.reduce((a, b) => a + b, 0)) / xs.length);
    const where = `${QUESTIONS} scripted answers over a generated vault of ${names.length} notes, ${names.length / TOPICS.length} per topic (fake upstream)`;
    return [
      {
        name: 'synapse.links_resolved_with_listing_10k',
        value: round2((100 * r.resolved) / Math.max(1, r.proposed)),
        unit: '%',
        note: `${r.resolved} of ${r.proposed} proposed links resolved (target ≥ 90); ${where}`,
      },
      {
        name: 'synapse.relevant_names_sent_10k',
        value: mean(reached),
        unit: '%',
        baseline: { name: 'the same budget cut alphabetically', value: mean(alphabeticalReach) },
        note: `share of the notes on the question's topic whose names were in the listing sent, mean over ${QUESTIONS} questions; the listing holds ${alphabetical.count} of ${names.length} names; ${where}`,
      },
    ];
  } finally {
    await vault.close();
  }
}
