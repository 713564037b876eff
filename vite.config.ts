import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Relative base so the production build in dist/ works from any static path.
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        // Phaser in its own chunk so the bundle benchmark can report its share.
        manualChunks(id: string) {
          if (id.includes('node_modules/phaser')) return 'phaser';
          return undefined;
        },
      },
    },
  },
  plugins: [
    // The game as an installable web app that plays offline after one visit: a service
    // worker precaches every file of the build (the player's maps and saves live in
    // IndexedDB already). Only the production build registers it; `npm start` does not.
    VitePWA({
      registerType: 'autoUpdate',
      // Minifying the service worker with terser costs ~10 s of every build for a few KiB.
      minify: false,
      injectRegister: 'script',
      includeAssets: ['icons/*.png'],
      manifest: {
        name: 'Arch Foe',
        short_name: 'Arch Foe',
        description: 'A solitaire tactics game: the dice run the monsters.',
        lang: 'en',
        start_url: './',
        scope: './',
        display: 'fullscreen',
        orientation: 'any',
        background_color: '#060508',
        theme_color: '#140f16',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: 'icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,json,ogg,mp3,webmanifest}'],
        // Phaser's chunk is larger than Workbox's 2 MiB default.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
      },
    }),
  ],
});
