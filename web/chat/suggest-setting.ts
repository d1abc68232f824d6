import { createSignal } from 'solid-js';

/** This browser's choice to see related notes while typing (on unless turned off). */
const STORAGE_KEY = 'soma.suggestNotes';

function read(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true; // storage blocked: suggestions stay on, and the switch still works for the tab
  }
}

const [suggestOn, setSuggestOn] = createSignal(read());

/** Whether related notes are offered while typing. */
export { suggestOn };

/** Turns the suggestions on or off, remembered in localStorage. */
export function setSuggestNotes(on: boolean): void {
  setSuggestOn(on);
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered across reloads; nothing else depends on it.
  }
}
