/** How long may an API call take before it counts as the server being unreachable? */
export const REQUEST_TIMEOUT_MS = 15_000;

/** How long to wait before checking again whether a downed server is back? */
export const SERVER_RETRY_MS = 5_000;

/** How long to wait before reopening an event stream the browser gave up on? */
export const EVENTS_RETRY_MS = 3_000;

/**
 * How long does a shown note stay, marked busy, while the next one loads, before the pane
 * says it is loading? A quick answer replaces it at once, with no loading state drawn.
 */
export const NOTE_LOADING_SHOWN_AFTER_MS = 300;

/** How long to gather a burst of vault events (a sync, a bulk rename) before reloading the tree once? */
export const TREE_REFRESH_DEBOUNCE_MS = 250;

/** How often is a streaming answer written to IndexedDB (a closed tab loses at most this much)? */
export const TURN_SAVE_INTERVAL_MS = 500;

/** How long after the last keystroke is the composer's draft saved? */
export const DRAFT_SAVE_DEBOUNCE_MS = 400;

/** How old may the note list used for /unir completion be before it is fetched again? */
export const MANIFEST_MAX_AGE_MS = 10_000;

/** How long may /extraer or /web take (a slow page, a search model that reads several)? */
export const WEB_REQUEST_TIMEOUT_MS = 90_000;

/** How often, while the audit log cannot be written, is the status read again to see it fixed? */
export const AUDIT_RECHECK_MS = 10_000;

/** How long after the last keystroke are notes related to the draft searched? */
export const SUGGEST_DEBOUNCE_MS = 250;

/** How long after the last keystroke in a closing is the edited text proposed again? */
export const CLOSING_REPROPOSE_DEBOUNCE_MS = 800;

/** After a failed first sync (a time-out on a big vault), how soon is it tried again? Doubles… */
export const SYNC_RETRY_FIRST_MS = 5_000;

/** …up to this. */
export const SYNC_RETRY_MAX_MS = 60_000;

/** The longest the service worker waits for the first sync before registering anyway (sw-update.ts). */
export const SW_AFTER_SYNC_MAX_MS = 15_000;
