import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';

/**
 * Comments and docs that name a file ("see docs/decisions/0019-session-cache.md", "server/platform/jobs/job-queue.ts",
 * "(ai.schema.ts)") must name one that exists: a reader who follows a stale pointer finds nothing. What counts as a
 * file name: a word ending in a known extension, with or without folders. A record of the past names a file that is
 * gone struck through (~~ai-engine.ts~~), which this check passes.
 */
const EXTENSIONS = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'md', 'json', 'css', 'sh', 'html', 'sql'];
const FILE_NAME = new RegExp(String.raw`(?<![\w@./~-])((?:@server/|@contracts/|@scripts/|@/|\.\.?/)?(?:[\w.-]+/)*[\w-]+(?:\.[\w-]+)*\.(?:${EXTENSIONS.join('|')}))(?![\w/-])`, 'g');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.git', '.tmp', 'test-results', 'playwright-report', 'migrations', 'fixtures']);

/** Names that are not this project's files: other programs' files, examples and generated names. */
const NOT_OURS = [
  /^(package|package-lock|tsconfig|manifest|vercel)\.json$/,
  /(^|\/)node_modules\//,
  /^\.\.\/shared\//, // the steering folder next to the checkout (product, spec, style): not part of the repository
  /^PRODUCT\.md$/, // ../shared/product/PRODUCT.md, named by its file name
  /^(Node|PDF|nlp|fuse|ical)\.js$/, // products and libraries, not files
  /^(tests\/fixtures\/ai-conversations\/)?WRITING\.md$/, // in the fixtures folder, which is not listed (its data is not scanned)
  /^[A-Z][A-Z_]*\//, // a setting's value as a folder or an address: DATA_DIR/server.lock.json, PUBLIC_URL/widget.js
  /^(dist|\.vite)\//, // build output (npm run build)
  /^sign-in-hint\.js$/, // built into dist/ by scripts/prerender-sign-in.ts
  /^(index|main|app|sw|widget|offline|vite\.config|vitest\.config|eslint\.config|playwright\.config|drizzle\.config)\.(html|js|ts|tsx|css)$/,
];

export interface StaleReference {
  file: string;
  line: number;
  name: string;
}

function walk(root: string, folder: string, out: string[]): string[] {
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.ci') continue;
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) walk(root, path, out);
    else out.push(path);
  }
  return out;
}

/** The comments of a source file (line and block), with the line each starts on; strings are left out. */
export function commentsOf(text: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  const pattern = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
  for (const match of text.matchAll(pattern)) {
    if (!match[0].startsWith('/')) continue;
    comments.push({ line: text.slice(0, match.index).split('\n').length, text: match[0] });
  }
  return comments;
}

/** Every file name in `text` that names no file of the repository. */
export function staleNames(text: string, from: string, files: { paths: Set<string>; names: Set<string> }): string[] {
  const stale: string[] = [];
  for (const match of text.matchAll(FILE_NAME)) {
    const name = match[1]!;
    if (NOT_OURS.some((pattern) => pattern.test(name))) continue;
    if (/^https?:/.test(text.slice(Math.max(0, match.index - 60), match.index).split(/\s/).pop() ?? '')) continue;
    if (!resolves(name, from, files)) stale.push(name);
  }
  return stale;
}

function resolves(name: string, from: string, files: { paths: Set<string>; names: Set<string> }): boolean {
  if (!name.includes('/')) return files.names.has(name);
  const bare = name.replace(/^@server\//, 'server/').replace(/^@contracts\//, 'contracts/').replace(/^@scripts\//, 'scripts/').replace(/^@\//, 'src/');
  const candidates = [bare, join(dirname(from), bare), `server/${bare}`, `src/${bare}`, `docs/${bare}`];
  if (candidates.some((candidate) => files.paths.has(relative('.', candidate)))) return true;
  // A path written from inside its own folder ("price-book/pdf-lines.ts", "api/use-thread.ts"): some file ends with it.
  return !bare.startsWith('.') && [...files.paths].some((path) => path.endsWith(`/${bare}`));
}

export function findStaleReferences(root: string): StaleReference[] {
  const all = walk(root, '', []);
  const files = { paths: new Set(all), names: new Set(all.map((path) => basename(path))) };
  const stale: StaleReference[] = [];
  for (const file of all) {
    const isDoc = file.endsWith('.md');
    if (!isDoc && !SOURCE.test(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');
    const parts = isDoc ? text.split('\n').map((line, i) => ({ line: i + 1, text: line })) : commentsOf(text);
    for (const part of parts) {
      for (const name of staleNames(part.text, file, files)) stale.push({ file, line: part.line, name });
    }
  }
  return stale;
}
