export { renderScreen, type RenderScreenOptions } from './render-screen';
