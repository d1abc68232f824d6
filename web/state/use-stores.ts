import { createContext, useContext } from 'solid-js';

/**
 * Every store the app builds, one member each. It is empty here on purpose: each store's
 * module adds its own member (`declare module '../state/use-stores.ts'`), so this shared
 * module names no feature and no feature imports the shell, while the compiler still
 * checks that the shell's `createStores` builds every member declared, with its type.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging, one member per store module
export interface Stores {}

/** Where the shell hands its stores to every component under it. */
export const StoreContext = createContext<Stores>();

/** The app's stores; only valid under the shell's `StoreProvider`. */
export function useStores(): Stores {
  const stores = useContext(StoreContext);
  if (!stores) throw new Error('useStores() outside <StoreProvider>');
  return stores;
}
