// A build plugin that writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
// beside every hashed JS and CSS file of the build. The server sends them as they are
// (server/http/staticAssets.ts) instead of compressing on each request at a lower level: brotli 11
// sends less JS than gzip (docs/performance.md says how much), at no run-time cost.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;

export function precompress(): Plugin {
  return {
    name: 'shop:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!fileName.startsWith('assets/') || !COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
