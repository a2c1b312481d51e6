import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

// The console: built into dist/renderer and served by the sandbox at `/`.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: '/',
  resolve: {
    alias: { '@contract': fileURLToPath(new URL('./server/contract', import.meta.url)) },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/sandbox': 'http://127.0.0.1:4010',
      '/api': 'http://127.0.0.1:4010',
      '/payments': 'http://127.0.0.1:4010',
      '/check-out': 'http://127.0.0.1:4010',
      '/health': 'http://127.0.0.1:4010',
    },
  },
});
