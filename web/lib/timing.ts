/** How long may an API call take before it counts as the server being unreachable? */
export const REQUEST_TIMEOUT_MS = 15_000;

/** How long to wait before checking again whether a downed server is back? */
export const SERVER_RETRY_MS = 5_000;

/** How long to wait before reopening an event stream the browser gave up on? */
export const EVENTS_RETRY_MS = 3_000;

/** How long to gather a burst of vault events (a sync, a bulk rename) before reloading the tree once? */
export const TREE_REFRESH_DEBOUNCE_MS = 250;
