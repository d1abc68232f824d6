import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HarnessSchema } from '../harness/schema.ts';
import {
  type RecordedRequest,
  type Script,
  startFakeUpstream,
  words,
} from '../testing/server/fake-upstream/fake-upstream.ts';
import { demoLink, noteNamesFromRequest } from './demo-links.ts';

/**
 * A key-less demo upstream: `npx tsx scripts/fake-upstream.ts [--port 8787] [--echo]`.
 * It also writes a copy of the harness whose only provider is this server,
 * and prints how to start SOMA against it.
 */

const argv = process.argv.slice(2);
const portFlag = argv.indexOf('--port');
const port = portFlag === -1 ? 8787 : Number(argv[portFlag + 1]);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error('Uso: npx tsx scripts/fake-upstream.ts [--port 8787] [--echo]');
  process.exit(2);
}
const MODEL = 'soma-demo';

const base = (await import('../harness/soma.json', { with: { type: 'json' } })).default;
/** How many answers the demo gave: every other one links a note that exists. */
let answers = 0;

/** A friendly Spanish answer that proves the whole turn went through, now and then with a link. */
function demo(req: RecordedRequest): Script {
  const body = (req.body ?? {}) as { messages?: { role?: string; content?: string }[] };
  const messages = body.messages ?? [];
  const last = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const quote = last.length > 200 ? `${last.slice(0, 200)}…` : last;
  const text = [
    '¡Hola! Soy el **servidor de demostración** de SOMA: no hay ningún modelo detrás.',
    `\n\nRecibí ${messages.length} mensajes; el tuyo decía: «${quote}».`,
    '\n\nPara hablar con un modelo de verdad, define `GROQ_API_KEY` u `OPENROUTER_API_KEY`',
    ' y arranca SOMA con el arnés de siempre.',
  ].join('');
  const link = demoLink(noteNamesFromRequest(req.body, base.prompts.vaultListing), answers++);
  const linked = link
    ? `${text}\n\nPor cierto, esto me recuerda a [[${link}]]: SOMA te preguntará si quieres registrar la sinapsis.`
    : text;
  return { kind: 'text', chunks: words(linked), delayMs: 25, usageStyle: 'openrouter' };
}

const fake = await startFakeUpstream({ port, models: [MODEL] });
fake.setScript(argv.includes('--echo') ? { kind: 'echo', delayMs: 25 } : demo);

const harness = HarnessSchema.parse({
  ...base,
  providers: [
    {
      id: 'demo',
      label: 'Demostración',
      baseUrl: fake.url,
      apiKeyEnv: null,
      models: [MODEL],
      timeoutMs: 15_000,
    },
  ],
  webSearch: { ...base.webSearch, provider: 'demo', model: MODEL },
});
const harnessPath = path.join(os.tmpdir(), 'soma-demo-harness.json');
writeFileSync(harnessPath, `${JSON.stringify(harness, null, 2)}\n`);

console.log(
  [
    `Servidor de demostración compatible con OpenAI en ${fake.url}`,
    `Arnés de demostración: ${harnessPath}`,
    `(su único proveedor: { "baseUrl": "${fake.url}", "apiKeyEnv": null })`,
    '',
    'En otra terminal:',
    `  SOMA_HARNESS=${harnessPath} npm start`,
    '',
    'Ctrl+C para parar.',
  ].join('\n'),
);

const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
