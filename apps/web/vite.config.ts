import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = process.env.SKILLSET_URL ?? 'http://127.0.0.1:4747';

/** The text files the server sends compressed when the browser accepts it. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Writes `x.br` and `x.gz` beside each text file of the build, at the strongest settings, so the
 * server sends them as they are instead of compressing on every request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'skillset:precompress-assets',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir;
      if (outDir === undefined) return;
      const names = (await readdir(outDir, { recursive: true })).filter((name) =>
        COMPRESSIBLE.test(name),
      );
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const bytes = await readFile(file);
          const variants = [
            [
              '.br',
              await compressBrotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
            ],
            ['.gz', await compressGzip(bytes, { level: constants.Z_BEST_COMPRESSION })],
          ] as const;
          // A variant no smaller than the file is not written: the server sends the file.
          for (const [extension, compressed] of variants) {
            if (compressed.length < bytes.length)
              await writeFile(`${file}${extension}`, compressed);
          }
        }),
      );
    },
  };
}

// The server's CSP allows scripts from 'self' only: no inline script, no polyfill injection.
export default defineConfig({
  plugins: [react(), precompressAssets()],
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
