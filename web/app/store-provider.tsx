import type { JSX } from 'solid-js';
import { StoreContext } from '../state/use-stores.ts';
import { createStores } from './create-stores.ts';

/** Builds the stores, starts them, and hands them to every component under it. */
export function StoreProvider(props: { children: JSX.Element }) {
  const stores = createStores();
  void stores.start();
  return <StoreContext.Provider value={stores}>{props.children}</StoreContext.Provider>;
}
