import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** HTML entries: the admin app, and the shop once its entry exists (shoppers never load the admin bundle). */
const input: Record<string, string> = { admin: root('./index.html') };
if (existsSync(root('./shop.html'))) input.shop = root('./shop.html');

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // react-admin + MUI alone exceed the default 500 kB warning; route screens are split with React.lazy
    chunkSizeWarningLimit: 1500,
    rollupOptions: { input },
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
