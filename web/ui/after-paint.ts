/**
 * Runs `run` once the browser has painted what the current task drew: after the next
 * frame, in a task of its own. Work that can wait (a side panel, a tree) then never holds
 * back what the user asked to see. Without frames (a hidden tab, tests) a timer runs it.
 */
export function afterPaint(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run);
    return;
  }
  requestAnimationFrame(() => setTimeout(run));
}
