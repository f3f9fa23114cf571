export { SCREEN_SKELETON_CSS, ScreenSkeleton } from './screen-skeleton';
