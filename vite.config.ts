import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Two HTML apps, each bundled on its own: the admin, and the shop once its entry exists. One bundle for both would
 * tree-shake a shared library (react-router is one module) for the union of what the two use, and shoppers would
 * download the admin's share of it on their first page.
 */
const hasShop = existsSync(root('./shop.html'));
const input = (name: string, file: string) => ({ rollupOptions: { input: { [name]: root(file) } } });

/** Writes .br and .gz beside every text file of the build, which the server sends to browsers that take them. */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle).filter((n) => /\.(js|css|html|svg)$/.test(n))) {
        const file = path.join(options.dir!, name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // react-admin + MUI alone exceed the default 500 kB warning; route screens are split with React.lazy
    chunkSizeWarningLimit: 1500,
  },
  environments: {
    client: { build: input('admin', './index.html') },
    // Built second, into the same folder.
    ...(hasShop
      ? { shop: { consumer: 'client', build: { ...input('shop', './shop.html'), emptyOutDir: false } } }
      : {}),
  },
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      if (builder.environments.shop) await builder.build(builder.environments.shop);
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
