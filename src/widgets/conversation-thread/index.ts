export { ContactPanel } from './ui/contact-panel';
export { ThreadPane, type ThreadPaneProps } from './ui/thread-pane';
