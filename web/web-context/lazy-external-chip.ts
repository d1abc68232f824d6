import { lazyWithWords } from '../i18n/action-messages.ts';

/** Pages and web answers among the chips: their preview loads with the first one, not the first page. */
export const LazyExternalChip = lazyWithWords(() =>
  import('./external-chip.tsx').then((m) => m.ExternalChip),
);
