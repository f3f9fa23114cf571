import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface ChunkStat {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  css: string[];
  modules: string[];
}

/**
 * Writes dist/.vite/chunks.json: for every chunk, its static imports, its CSS and the source modules
 * inside it. `npm run bench:bundle` reads it to measure the first load and to check what is (not) in it.
 */
export function chunkStats(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'leadloop-chunk-stats',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const stats: ChunkStat[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        stats.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
          modules: output.moduleIds.map((id) => relative(root, id.replace(/^\0/, '').split('?')[0] ?? id)),
        });
      }
      // resolve, not join: an absolute outDir (the QA build's .tmp/dist-qa) must not be appended to the root.
      const file = resolve(root, outDir, '.vite', 'chunks.json');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(stats, null, 1));
    },
  };
}
