import { AppError } from '@server/platform/errors/app-error';
import { mergeTagProblem } from '@contracts/merge-tags';

/** The one fill table lives in contracts (the screens preview with it). */
export { type MergeValues, renderMergeTags } from '@contracts/merge-tags';

export function assertKnownMergeTags(text: string): void {
  const problem = mergeTagProblem(text);
  if (problem) throw new AppError('INVALID', problem);
}
