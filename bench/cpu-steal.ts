import { readFileSync } from 'node:fs';

/** The machine's CPU ticks so far, from /proc/stat's first line: all of them, and those stolen. */
function ticks(): { total: number; steal: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    // user nice system idle iowait irq softirq steal (guest time is inside user's).
    const n = fields.slice(0, 8).map(Number);
    if (n.length < 8 || n.some((x) => !Number.isFinite(x))) return null;
    return { total: n.reduce((a, b) => a + b, 0), steal: n[7]! };
  } catch {
    return null;
  }
}

/**
 * How much of this machine's CPU time the host gave to others (steal) from now
 * on: the returned function gives the share, in per cent, since this call, or
 * null where /proc/stat is missing. On a shared virtual machine a figure timed
 * while it was high is slow for reasons outside the code, so a report says it.
 */
export function stealMeter(): () => number | null {
  const from = ticks();
  return () => {
    const to = ticks();
    if (!from || !to || to.total <= from.total) return null;
    return (100 * (to.steal - from.steal)) / (to.total - from.total);
  };
}
