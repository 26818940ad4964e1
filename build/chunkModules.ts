// A build plugin that writes dist/.vite/chunk-modules.json: for every JS chunk, the source
// modules it holds (paths relative to the project) and their rendered sizes. The Vite manifest
// names a chunk's entry module only; scripts/checkBudget.ts uses this file to prove no admin
// module hides in a shared chunk a shopper downloads, and to say what makes a chunk big.
import path from 'node:path';
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

export type ChunkModules = Record<string, { modules: Record<string, number> }>;

/** `/abs/project/src/x.ts` → `src/x.ts`; `\0virtual` and query suffixes kept readable. */
function relativeId(root: string, id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  return path.isAbsolute(clean) ? path.relative(root, clean).split(path.sep).join('/') : clean;
}

export function chunkModules(root = process.cwd()): Plugin {
  return {
    name: 'shop:chunk-modules',
    generateBundle(_options, bundle) {
      const report: ChunkModules = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(item.modules)) modules[relativeId(root, id)] = info.renderedLength;
        report[item.fileName] = { modules };
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(report, null, 1) });
    },
  };
}
