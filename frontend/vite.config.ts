/// <reference types="vitest/config" />
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The deployed SPA compares this string with /version.json to offer a reload after a deploy.
function resolveAppVersion(): string {
  if (process.env.KANTYNA_VERSION) return process.env.KANTYNA_VERSION;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // No repository or no commit yet: a build timestamp still differs between deploys.
    return new Date().toISOString();
  }
}

const appVersion = resolveAppVersion();

function versionFilePlugin(version: string): Plugin {
  return {
    name: 'kantyna-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version }),
      });
    },
  };
}

const backend = 'http://127.0.0.1:8000';
// The backend resolves the tenant from the Host header, so the proxy must keep it.
const proxied = { target: backend, changeOrigin: false };

export default defineConfig({
  base: '/',
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [react(), versionFilePlugin(appVersion)],
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    proxy: {
      '/api': proxied,
      '/sso': proxied,
      '/media': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    // One jsdom and one module graph per worker, not per file: setup.ts already resets what tests share
    // (DOM, MSW handlers, toasts, storage, cookies, session store, language) after every test. Per-file isolation
    // cost ~2.5 min of a 7 min run on 2 cores (environment 88 s, setup files 47 s, imports 29 s → 3 s, 3 s, 5 s).
    isolate: false,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Several 10 s lookups (asyncUtilTimeout in src/test/setup.ts) fit in one test on a busy machine.
    testTimeout: 60_000,
  },
});
