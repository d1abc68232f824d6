import { createSignal, onCleanup } from 'solid-js';

/**
 * True from the task after the one that created it: what a view draws with it comes a task
 * later, so a screen is built in two shorter tasks instead of one long one (the aim: no
 * main-thread task over 50 ms at boot or while the vault syncs).
 */
export function createLater(): () => boolean {
  const [later, setLater] = createSignal(false);
  const timer = setTimeout(() => setLater(true));
  onCleanup(() => clearTimeout(timer));
  return later;
}
