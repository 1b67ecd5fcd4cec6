import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { prepareDictionary } from './electron/core/analyzer/prepareDictionary';

const root = import.meta.dirname;

/** The analyzer's decompressed dictionary next to the build (packaged as a resource): no gunzip at first launch. */
const analyzerDictionary = (): Plugin => ({
  name: 'yomimono-analyzer-dictionary',
  apply: 'build',
  async closeBundle() {
    await prepareDictionary(resolve(root, 'out/analyzer'));
  },
});

/**
 * Vite's dev server injects the CSS as <style> elements, which the page's CSP (`style-src
 * 'self'`, renderer/index.html) refuses: in development only, the meta policy allows them.
 */
const devInlineStyles = (): Plugin => ({
  name: 'yomimono-dev-inline-styles',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';"),
});

export default defineConfig({
  main: {
    plugins: [analyzerDictionary()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // `serve` is browser mode: the same core behind node:http, no Electron.
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          serve: resolve(root, 'electron/cli/serve.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload may only require('electron'): bundle everything else into one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [react(), devInlineStyles()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      rollupOptions: { input: resolve(root, 'renderer/index.html') },
    },
  },
});
