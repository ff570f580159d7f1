import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.SKILLSET_URL ?? 'http://127.0.0.1:4747';

// The server's CSP allows scripts from 'self' only: no inline script, no polyfill injection.
export default defineConfig({
  plugins: [react()],
  // Workspace packages are TypeScript sources: resolve their `source` export condition.
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1024,
  },
  server: { proxy: { '/api': server, '/sign-in': server } },
});
