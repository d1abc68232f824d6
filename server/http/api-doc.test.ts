import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  LoginBodySchema,
  SessionRenameBodySchema,
  StatusSchema,
} from '../../common/api-schemas.ts';
import { ChatRequestSchema, NotesBatchRequestSchema } from '../../common/chat-schemas.ts';
import { ConversationAppendSchema } from '../../common/cli-schemas.ts';
import {
  ConversationMetaPatchSchema,
  TurnAppendBodySchema,
  UploadBodySchema,
} from '../../common/conversation-schemas.ts';
import {
  EmbedBudgetRequestSchema,
  EmbedConsentRequestSchema,
  EmbedEnabledRequestSchema,
  EmbedQueryRequestSchema,
  EmbedStatusSchema,
  ModelFolderRequestSchema,
  VectorsDeltaSchema,
} from '../../common/embedding-schemas.ts';
import { RestoreBodySchema } from '../../common/history-schemas.ts';
import { ClaimBodySchema, ClaimStatusBodySchema } from '../../common/pairing-schemas.ts';
import {
  AppendBodySchema,
  ClosingBodySchema,
  ConfirmBodySchema,
  ConnectionBodySchema,
  RememberBodySchema,
  SaveBodySchema,
  SynapsesBodySchema,
  WriteBodySchema,
} from '../../common/proposal-schemas.ts';
import { SearchHelpBodySchema } from '../../common/search-help-schemas.ts';
import { SearchPairBodySchema } from '../../common/search-pair-schemas.ts';
import { ExtractBodySchema, WebSearchBodySchema } from '../../common/web-schemas.ts';
import { buildTestApp, HOST, ORIGIN, type TestApp } from '../../testing/server/test-app.ts';
import { SessionStore } from '../auth/session-store.ts';
import { pairingRoutes } from '../pairing/pairing-routes.ts';

/**
 * Keeps docs/API.md true (docs/PRODUCT.md: the API is documented in one place, kept true by
 * a test). A route is documented when a `### ` heading, or the first cell
 * of a table row, names it as `METHOD /api/path` in a code span; an error code is
 * documented by its row in the "Errors" table.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'API.md'), 'utf8');
const ROUTE_RE = /`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]*)[^`]*`/g;

/** The routes a line documents: those in a `### ` heading or a table row's first cell. */
function routesOfLine(line: string): string[] {
  const where = line.startsWith('### ') ? line : line.startsWith('|') ? line.split('|')[1] : '';
  return [...(where ?? '').matchAll(ROUTE_RE)].map((m) => `${m[1]} ${m[2]}`);
}

/** `METHOD /api/path` for every route the document describes. */
function documentedRoutes(md: string): string[] {
  return [...new Set(md.split('\n').flatMap(routesOfLine))].sort();
}

/** The "Errors" table: code → the statuses it is answered with. */
function documentedErrors(md: string): Map<string, number[]> {
  const section = md.slice(
    md.indexOf('\n## Errors'),
    md.indexOf('\n## ', md.indexOf('\n## Errors') + 1),
  );
  const codes = new Map<string, number[]>();
  for (const m of section.matchAll(/^\| `([a-z_]+)` \| ([\d, ]+) \|/gm)) {
    codes.set(
      m[1]!,
      (m[2] ?? '').split(',').map((s) => Number(s.trim())),
    );
  }
  return codes;
}

/** Every request body schema, by the name the routes pass to parseJsonBody, and its route. */
const BODIES: Record<string, [route: string, schema: z.ZodMiniType]> = {
  LoginBodySchema: ['POST /api/session', LoginBodySchema],
  SessionRenameBodySchema: ['PATCH /api/sessions/:id', SessionRenameBodySchema],
  NotesBatchRequestSchema: ['POST /api/vault/batch', NotesBatchRequestSchema],
  ChatRequestSchema: ['POST /api/chat', ChatRequestSchema],
  ConversationAppendSchema: ['POST /api/conversation/turns', ConversationAppendSchema],
  TurnAppendBodySchema: ['POST /api/conversations/:id/turns', TurnAppendBodySchema],
  ConversationMetaPatchSchema: ['PATCH /api/conversations/:id', ConversationMetaPatchSchema],
  UploadBodySchema: ['POST /api/conversations/upload', UploadBodySchema],
  ExtractBodySchema: ['POST /api/extract', ExtractBodySchema],
  WebSearchBodySchema: ['POST /api/web', WebSearchBodySchema],
  SynapsesBodySchema: ['POST /api/proposals/synapses', SynapsesBodySchema],
  SaveBodySchema: ['POST /api/proposals/save', SaveBodySchema],
  WriteBodySchema: ['POST /api/proposals/write', WriteBodySchema],
  ClosingBodySchema: ['POST /api/proposals/closing', ClosingBodySchema],
  AppendBodySchema: ['POST /api/proposals/append', AppendBodySchema],
  ConnectionBodySchema: ['POST /api/proposals/connection', ConnectionBodySchema],
  RememberBodySchema: ['POST /api/proposals/remember', RememberBodySchema],
  ConfirmBodySchema: ['POST /api/proposals/:id/confirm', ConfirmBodySchema],
  RestoreBodySchema: ['POST /api/proposals/restore', RestoreBodySchema],
  EmbedConsentRequestSchema: ['POST /api/embeddings/consent', EmbedConsentRequestSchema],
  EmbedQueryRequestSchema: ['POST /api/embeddings/query', EmbedQueryRequestSchema],
  EmbedEnabledRequestSchema: ['POST /api/embeddings/enabled', EmbedEnabledRequestSchema],
  ModelFolderRequestSchema: ['POST /api/embeddings/model/folder', ModelFolderRequestSchema],
  EmbedBudgetRequestSchema: ['POST /api/embeddings/budget', EmbedBudgetRequestSchema],
  ClaimBodySchema: ['POST /api/pairing/claim', ClaimBodySchema],
  ClaimStatusBodySchema: ['POST /api/pairing/claim/status', ClaimStatusBodySchema],
  SearchPairBodySchema: ['POST /api/search-pairs', SearchPairBodySchema],
  SearchHelpBodySchema: ['POST /api/search/help', SearchHelpBodySchema],
};

/** The answers whose example in the document is a whole JSON object, and their schema. */
const EXAMPLES: [route: string, schema: z.ZodMiniType][] = [
  ['GET /api/status', StatusSchema],
  ['GET /api/embeddings/status', EmbedStatusSchema],
  ['GET /api/embeddings/vectors', VectorsDeltaSchema],
];

/** The routes the "Rules for every request" table says need no session cookie. */
function documentedWithoutSession(md: string): string[] {
  const row = md.split('\n').find((l) => l.startsWith('| cookie `soma_session`')) ?? '';
  return [...(row.split('|')[2] ?? '').matchAll(ROUTE_RE)].map((m) => `${m[1]} ${m[2]}`).sort();
}

/** The text documenting `route`: its heading's section, or its table row. */
function routeText(md: string, route: string): string {
  const lines = md.split('\n');
  const at = lines.findIndex((l) => routesOfLine(l).includes(route));
  if (at === -1) return '';
  if (lines[at]?.startsWith('|')) return lines[at] ?? '';
  const end = lines.findIndex((l, i) => i > at && l.startsWith('#'));
  return lines.slice(at, end === -1 ? undefined : end).join('\n');
}

/** A body's top-level fields and every fixed value in it (modes, attachment kinds, roles). */
function bodyWords(schema: z.ZodMiniType): { fields: string[]; values: string[] } {
  const json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  const values = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'const' && typeof value === 'string') values.add(value);
        else if (key === 'enum' && Array.isArray(value))
          for (const v of value) values.add(String(v));
        else visit(value);
      }
    }
  };
  visit(json);
  return {
    fields: Object.keys((json.properties as object | undefined) ?? {}),
    values: [...values],
  };
}

/** Server source files, tests excluded. */
function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('docs/API.md', () => {
  let ctx: TestApp;
  let registered: string[];
  let pairingPaths: string[];

  beforeAll(async () => {
    ctx = await buildTestApp({ lan: { host: 'soma.test:4318', caCert: 'CERT' } });
    // The pairing routes are a sub-app imported on first use: read them from the module.
    const pairing = pairingRoutes({
      sessions: await SessionStore.open(join(ctx.base, 'pairing-config')),
      lan: () => null,
      clientKey: () => 'test',
      secureCookies: false,
    });
    pairingPaths = pairing.routes.filter((r) => r.method !== 'ALL').map((r) => r.path);
    const routes = [...ctx.app.routes, ...pairing.routes].filter(
      (r) => r.method !== 'ALL' && r.path.startsWith('/api/'),
    );
    registered = [...new Set(routes.map((r) => `${r.method} ${r.path}`))].sort();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('finds the routes it checks (the reading of both sides works)', () => {
    expect(registered).toContain('POST /api/chat');
    expect(registered).toContain('POST /api/pairing/claim');
    expect(documentedRoutes(DOC)).toContain('GET /api/vault/note');
  });

  it('reads only pairing routes the app mounts (it forwards /api/pairing* and /api/lan*)', () => {
    expect(pairingPaths.filter((p) => !/^\/api\/(pairing|lan)(\/|$)/.test(p))).toEqual([]);
  });

  it('documents every route the app registers, with its method and path', () => {
    const documented = new Set(documentedRoutes(DOC));
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('documents no route the app does not have', () => {
    const routes = new Set(registered);
    expect(documentedRoutes(DOC).filter((r) => !routes.has(r))).toEqual([]);
  });

  it('lists every error code the server throws, with its status', () => {
    const table = documentedErrors(DOC);
    const missing: string[] = [];
    for (const file of serverSources(join(ROOT, 'server'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new ApiError\(\s*(\d{3}),\s*'([a-z_]+)'/g)) {
        if (!table.get(m[2]!)?.includes(Number(m[1]))) missing.push(`${m[1]} ${m[2]}`);
      }
    }
    expect(table.size).toBeGreaterThan(10);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('gives every error it mentions (`404 not_found`) a status the Errors table lists', () => {
    const table = documentedErrors(DOC);
    const wrong = [...DOC.matchAll(/`(\d{3}) ([a-z_]+)`/g)]
      .filter((m) => !table.get(m[2]!)?.includes(Number(m[1])))
      .map((m) => m[0]);
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('names every field of every request body, and every fixed value in it', () => {
    const missing: string[] = [];
    for (const [route, schema] of Object.values(BODIES)) {
      const text = routeText(DOC, route);
      const { fields, values } = bodyWords(schema);
      for (const f of fields)
        if (!new RegExp(`\\b${f}\\b`).test(text)) missing.push(`${route} ${f}`);
      for (const v of values)
        if (!new RegExp(`[\`']${v}[\`']`).test(text)) missing.push(`${route} '${v}'`);
    }
    expect(missing).toEqual([]);
  });

  it('gives answer examples that parse with the schemas the PWA reads them with', () => {
    const wrong: string[] = [];
    for (const [route, schema] of EXAMPLES) {
      const json = /```json\n([\s\S]*?)```/.exec(routeText(DOC, route))?.[1];
      const parsed = json === undefined ? null : schema.safeParse(JSON.parse(json));
      if (!parsed?.success)
        wrong.push(`${route}: ${JSON.stringify(parsed?.error.issues ?? 'none')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names exactly the routes that answer without a session', async () => {
    // No cookie, everything else right (host, origin, a JSON body): only the session is missing.
    const headers = { host: HOST, origin: ORIGIN, 'sec-fetch-site': 'same-origin' };
    const open: string[] = [];
    for (const route of registered) {
      const [method, path] = route.split(' ') as [string, string];
      const init =
        method === 'GET'
          ? { method, headers }
          : { method, headers: { ...headers, 'content-type': 'application/json' }, body: '{}' };
      const res = await ctx.app.request(path.replace(/:id/g, 'x'), init, {
        somaListener: 'loopback',
      });
      if (res.status !== 401) open.push(route);
      await res.body?.cancel();
    }
    expect(open).toEqual(documentedWithoutSession(DOC));
  });

  it('knows the body schema of every route that reads one', () => {
    const used = serverSources(join(ROOT, 'server')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/parseJsonBody\(c, (\w+)/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((name) => !(name in BODIES))).toEqual([]);
  });
});
