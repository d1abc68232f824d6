import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import solid from 'vite-plugin-solid';
import { bootChunkName, bootPreloads } from './scripts/boot-chunks.ts';
import { precompress } from './scripts/precompress.ts';

/** The manifest (public/manifest.webmanifest) and its colours, linked from index.html. */
function manifestLinks(): Plugin {
  return {
    name: 'soma-manifest-links',
    transformIndexHtml: () => [
      { tag: 'link', attrs: { rel: 'manifest', href: '/manifest.webmanifest' }, injectTo: 'head' },
      { tag: 'meta', attrs: { name: 'theme-color', content: '#2f5d62' }, injectTo: 'head' },
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
}

/** Builds the PWA from `web/` into `dist/web`, which the server serves. */
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  plugins: [
    solid(),
    manifestLinks(),
    bootPreloads(),
    precompress(),
    VitePWA({
      strategies: 'generateSW',
      // Registered by web/offline/register-sw.ts after load, with workbox-window.
      injectRegister: false,
      registerType: 'prompt',
      // The manifest is a file in public/, linked by manifestLinks().
      manifest: false,
      filename: 'sw.js',
      workbox: {
        // The app shell and every lazy chunk (the offline view, the Markdown renderer).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The search worker's bundle is large; raise the limit so it is cached too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        // The API is never answered from the cache: nothing of the vault lives in the SW.
        navigateFallbackDenylist: [/^\/api\//],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Inline nothing: the Content Security Policy allows no inline scripts or data: scripts.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The first page's modules in one chunk per boot step (scripts/boot-chunks.ts).
        codeSplitting: {
          groups: [
            { name: bootChunkName(fileURLToPath(new URL('web/main.tsx', import.meta.url))) },
          ],
        },
      },
    },
  },
});
