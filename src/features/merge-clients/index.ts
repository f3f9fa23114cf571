export { MergeDuplicatesButton } from './ui/merge-duplicates-button';
