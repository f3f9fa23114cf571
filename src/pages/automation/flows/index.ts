export { FlowEditorPage } from './ui/flow-editor-page';
export { FlowsPage } from './ui/flows-page';
export { NewFlowPage } from './ui/new-flow-page';
