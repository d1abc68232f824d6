import type { BuildOptions } from 'esbuild';

/** Packages bundled into dist/ instead of loaded from node_modules. */
export const BUNDLED: RegExp;
/** The esbuild options both Node bundles share. */
export const NODE_BUNDLE: BuildOptions;
