import { defineConfig } from 'vite';
import solid from 'vite-plugin-solid';

/** Builds the PWA from `web/` into `dist/web`, which the server serves. */
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [solid()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Inline nothing: the Content Security Policy allows no inline scripts or data: scripts.
    assetsInlineLimit: 0,
  },
});
