export { Composer } from './ui/composer';
/** Tests start from a clean slate. */
export { forgetDrafts } from './model/drafts';
