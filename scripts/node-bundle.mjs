// The esbuild options of the server's and the `soma` command's bundles (build-server.mjs),
// shared with its test so that the test bundles exactly as the build does.

/**
 * Packages bundled in: every start imports them, and as ~100 separate modules from
 * node_modules their resolving, reading and compiling was a third of the server's
 * start-up. Every other dependency stays in node_modules, so start-up loads only what
 * it imports (LAN, embeddings and extraction are imported lazily).
 */
export const BUNDLED = /^(hono|@hono\/node-server|zod)(\/|$)/;

/** Marks every bare import external but BUNDLED's (esbuild's `external` has no exceptions). */
const externalButBundled = {
  name: 'external-but-bundled',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The server's entry points: `main` and the ONNX embedder's worker process, which Node
 * starts from a file of its own (dist/server/onnx-worker.js, beside the chunks that start it).
 */
export const SERVER_ENTRY_POINTS = {
  main: 'server/main.ts',
  'onnx-worker': 'server/embeddings/onnx-worker.ts',
};

/** What both bundles share. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [externalButBundled],
  sourcemap: true,
  logLevel: 'warning',
};
