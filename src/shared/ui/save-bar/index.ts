export { SaveBar } from './save-bar';
