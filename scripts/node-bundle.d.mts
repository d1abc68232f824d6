import type { BuildOptions } from 'esbuild';

/** Packages bundled into dist/ instead of loaded from node_modules. */
export const BUNDLED: RegExp;
/** The esbuild options both Node bundles share. */
export const NODE_BUNDLE: BuildOptions;
/** The server bundle's entry points, by output name. */
export const SERVER_ENTRY_POINTS: Record<string, string>;
