import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commentsOf, findStaleReferences, staleNames } from './file-references';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('file names in comments and docs', () => {
  it('every comment and doc that names a file names one that exists', () => {
    expect(findStaleReferences(ROOT).map((r) => `${r.file}:${r.line} names ${r.name}, which does not exist`)).toEqual([]);
  });

  it('catches a stale name, by path or by file name alone, and passes one that exists', () => {
    const files = { paths: new Set(['server/platform/jobs/job-queue.ts', 'docs/decisions/0019-session-cache.md']), names: new Set(['job-queue.ts', '0019-session-cache.md']) };
    expect(staleNames('see server/jobs/job-queue.ts and rate-limit.service.ts', 'server/x.ts', files)).toEqual(['server/jobs/job-queue.ts', 'rate-limit.service.ts']);
    expect(staleNames('see server/platform/jobs/job-queue.ts (docs/decisions/0019-session-cache.md)', 'server/x.ts', files)).toEqual([]);
    expect(staleNames('the @server/platform/jobs/job-queue.ts alias; jobs/job-queue.ts from its folder', 'server/x.ts', files)).toEqual([]);
    expect(staleNames('a file that is gone, struck through: ~~server/jobs/job-queue.ts~~', 'docs/x.md', files)).toEqual([]);
  });

  it('reads comments, not strings', () => {
    const text = "const a = 'gone.ts'; // see here.ts\n/* and\n there.md */";
    expect(commentsOf(text)).toEqual([
      { line: 1, text: '// see here.ts' },
      { line: 2, text: '/* and\n there.md */' },
    ]);
  });
});
