import { defineConfig } from 'vite';

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
});
