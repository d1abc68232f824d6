import { createHash } from 'node:crypto';
import type { Line, Location } from './history-files.ts';
import { chainOf, type Handles, readSlice } from './history-packs.ts';

/*
 * The parts of a prune that move bytes and rewrite locations; history-store.ts runs
 * them in order, under its lock where writes must wait.
 */

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** What the first, locked step of a prune decided. */
export interface PrunePlan {
  /** Index lines when it started: later ones were written during the prune. */
  count: number;
  kept: Line[];
  where: Map<string, Location>;
  /** Packs on disk when it started: all of them are replaced by `name`. */
  old: Set<string>;
  name: string;
}

/**
 * Copies version `hash`, and the versions under it, from the old packs with `put`
 * (which answers the offset in the new pack); versions outside the old packs stay.
 */
export async function carry(
  dir: string,
  hash: string,
  plan: PrunePlan,
  where: Map<string, Location>,
  moved: Map<string, Location>,
  handles: Handles,
  put: (data: Buffer) => Promise<number>,
): Promise<void> {
  for (const [h, loc] of chainOf(hash, where, moved).reverse()) {
    if (!plan.old.has(loc[0])) continue;
    const data = await readSlice(dir, loc, handles);
    const base = loc[3];
    // Damaged bytes are not carried: the next write that holds them keeps them anew.
    if (!data || (base === undefined && sha256(data) !== h)) continue;
    const offset = await put(data);
    moved.set(
      h,
      base === undefined
        ? [plan.name, offset, data.length]
        : [plan.name, offset, data.length, base],
    );
  }
}

/**
 * The index lines after a prune: each location in the old packs replaced by where
 * `moved` put it (dropped when it was not carried); the versions under an appended end,
 * whose own lines were dropped, named by the first line that needs them.
 */
export function remapped(
  all: Line[],
  plan: PrunePlan,
  moved: Map<string, Location>,
  where: Map<string, Location>,
): Line[] {
  const named = new Set(all.flatMap((l) => Object.keys(l.at)));
  return all.map((l) => {
    const at: Record<string, Location> = {};
    for (const [h, loc] of Object.entries(l.at)) {
      const now = plan.old.has(loc[0]) ? moved.get(h) : loc;
      if (!now) continue;
      at[h] = now;
      for (let b = now[3]; b !== undefined && !named.has(b); b = at[b]?.[3]) {
        const was = where.get(b);
        const under = was && plan.old.has(was[0]) ? moved.get(b) : was;
        if (!under) break;
        at[b] = under;
        named.add(b);
      }
    }
    return { ...l, at };
  });
}
