import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticStyles, firstScreenChunks } from './scripts/build/first-screens.ts';
import { staticLoadingScreen } from './scripts/build/loading-screen.ts';
import { routePreloads } from './scripts/build/route-preloads.ts';

/**
 * Writes .br and .gz beside every text asset of the build, so the server can send them as they are
 * (@fastify/static's preCompressed) instead of compressing on each request or not at all.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_, bundle) {
      for (const fileName of [...Object.keys(bundle), 'index.html']) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName) || fileName.startsWith('.vite/')) continue;
        const file = join(outDir, fileName);
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * @refinedev/antd is one pre-bundled file that imports its MarkdownField's renderer at the top; the
 * kit never shows markdown, and these packages have no side effects, so saying so lets the bundler
 * drop them from the list pages (about a third of their code).
 */
const SIDE_EFFECT_FREE =
  /node_modules\/(rc-[a-z-]+|@rc-component\/[a-z-]+|papaparse|react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|unified|vfile[^/]*|property-information|hast-[^/]+|unist-[^/]+|space-separated-tokens|comma-separated-tokens|style-to-object|inline-style-parser|bail|trough|is-plain-obj|extend|decode-named-character-reference|character-entities[^/]*|ccount|markdown-table|longest-streak|zwitch|escape-string-regexp|parse-entities|is-[a-z-]+|repeat-string|trim-lines)\//;

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    staticLoadingScreen(),
    antdStaticStyles(),
    firstScreenChunks({ configFile: fileURLToPath(import.meta.url) }),
    routePreloads(),
    precompress(),
  ],
  resolve: {
    // qs's side-channel on the built-in WeakMap and Map, without its 30 KB of helpers (the shim says why).
    alias: [{ find: /^side-channel$/, replacement: fileURLToPath(new URL('./scripts/build/shims/side-channel.cjs', import.meta.url)) }],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api/web': { target: apiTarget, changeOrigin: true }, '/api/ws': { target: apiTarget, changeOrigin: true, ws: true } },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
    },
  },
  test: {
    globals: true,
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    // Both cores: vitest's default is one worker fewer than the CPUs, one on a two-core machine.
    maxWorkers: 2,
    // Sized for the slowest honest case, a two-core machine at load 8: a wait inside a test is for a condition.
    testTimeout: 60_000,
    // The first server start of a run builds the seeded template (tests/server/server.ts): minutes on a busy machine.
    hookTimeout: 300_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // A worker imports the server once and keeps it for every file it runs, instead of importing it again
          // for each (some 160 s of a run); it also keeps the worker's shared server (tests/server/server.ts).
          isolate: false,
        },
      },
    ],
  },
});
