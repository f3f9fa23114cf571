export { type ControllableClock, createControllableClock } from './model/controllable-clock';
export { type QaInspector, startQaInspector } from './ui/start-qa-inspector';
