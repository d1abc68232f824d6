import { lazy } from 'solid-js';

/** Pages and web answers among the chips: their preview loads with the first one, not the first page. */
export const LazyExternalChip = lazy(() =>
  import('./external-chip.tsx').then((m) => ({ default: m.ExternalChip })),
);
