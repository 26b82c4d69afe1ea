import { resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiPort = process.env.API_PORT ?? '3001';

/** Where the server's side of the app goes, inside the client's build (never served). */
export const SSR_DIR = 'ssr';

/**
 * After the browser's build, the server's: src/client/entry-server.tsx with every dependency
 * bundled in (so the build runs wherever it is copied), into `<outDir>/ssr/`.
 */
function serverEntry(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'taskbid-server-entry',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      await build({
        configFile: resolve(import.meta.dirname, 'vite.config.ts'),
        logLevel: 'warn',
        build: {
          ssr: 'entry-server.tsx',
          outDir: resolve(outDir, SSR_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
        },
      });
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serverEntry()],
  ssr: { noExternal: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the app supports preloads modules itself; one that does not only loads a
    // screen's modules as it imports them (decision 0533).
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
