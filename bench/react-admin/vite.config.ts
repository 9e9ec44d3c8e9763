import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// Built into the console's dist/ (after the console's own build) and served by the same server under /react-admin/,
// compressed the same way: brotli and gzip copies beside every text file. Source maps, as the console's: the benchmark
// reads each package's share of the script from them.
export default defineConfig({
  base: '/react-admin/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|js|css|svg|json)$/, logLevel: 'silent' })],
  // One file, as react-admin's own templates build it.
  build: { outDir: process.env.REACT_ADMIN_OUT_DIR ?? 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
});
