import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession, Page } from '@playwright/test';
import { typeInSearchBox, watchPageShown, watchSummaries } from '../page-shown.ts';

/**
 * What the trace diagnostics (trace-main-thread.ts, trace-sync-threads.ts) share: a
 * Chromium trace around some steps, bundled positions mapped back to source files, and
 * the first visit they trace. Diagnostics, not figures.
 */

/** One Chromium trace event; `args` differ by event. */
export interface TraceEvent<Args = unknown> {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the task cost whether or not the busy machine let it run. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Args;
}

/** A V8 CPU profile's frame. */
export interface ProfileFrame {
  functionName: string;
  url?: string;
  lineNumber: number;
  columnNumber?: number;
}

/** Every trace event Chromium reports while `run` runs, for `categories` (comma-separated). */
export async function collectTrace<E>(
  cdp: CDPSession,
  categories: string,
  run: () => Promise<void>,
): Promise<E[]> {
  const events: E[] = [];
  cdp.on('Tracing.dataCollected', (m) => events.push(...(m.value as unknown as E[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await run();
  await cdp.send('Tracing.end');
  await done;
  return events;
}

/** A node of a V8 CPU profile (a trace's `ProfileChunk` events). */
export interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: ProfileFrame;
}

/** A trace event as the profile diagnostics read them: thread names, `Profile` and `ProfileChunk` data. */
export type ProfiledEvent = TraceEvent<{
  name?: string;
  data?: {
    startTime?: number;
    cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    timeDeltas?: number[];
  };
}>;

const maps = new Map<string, TraceMap | null>();

/**
 * Where a bundled position came from, through the hidden source maps in dist/web/assets
 * (`npx vite build --sourcemap hidden`): its source file, line and name; null without a
 * map, or for a position the map does not cover (another build's bundle).
 */
export function sourcePosition(
  url: string,
  line: number,
  column: number,
): { source: string; line: number | null; name: string | null } | null {
  const file = url.split('/').at(-1) ?? '';
  if (!maps.has(file)) {
    const mapPath = join('dist/web/assets', `${file}.map`);
    maps.set(
      file,
      file && existsSync(mapPath) ? new TraceMap(readFileSync(mapPath, 'utf8')) : null,
    );
  }
  const map = maps.get(file);
  if (!map) return null;
  try {
    const pos = originalPositionFor(map, { line: line + 1, column });
    return {
      source: (pos.source ?? file).replace(/^(\.\.\/)+/, ''),
      line: pos.line,
      name: pos.name,
    };
  } catch {
    return null;
  }
}

/** bench/search.ts's first visit: login, chat view, the first query until its summary shows. */
export async function firstVisit(page: Page, loginLink: string, q: string): Promise<void> {
  const watched = await watchPageShown(page, ['chat-view']);
  const summaries = await watchSummaries(page);
  await page.goto(loginLink);
  await watched.shown('chat-view');
  const shown = summaries.next(q, 180_000);
  await typeInSearchBox(page, q);
  await shown;
}

/** `function file:line` of a sampled frame, through hidden source maps when built with them. */
export function frameName(f: ProfileFrame): string {
  const pos = sourcePosition(String(f.url ?? ''), f.lineNumber, f.columnNumber ?? 0);
  if (pos) return `${pos.name ?? f.functionName ?? '(anon)'} ${pos.source}:${pos.line}`;
  return `${f.functionName || '(anon)'} ${String(f.url ?? '')
    .split('/')
    .at(-1)}:${f.lineNumber}`;
}
