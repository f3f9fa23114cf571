export { MERGE_TAGS, mergeTagProblem, unknownMergeTags } from '../../../../contracts/merge-tags';
