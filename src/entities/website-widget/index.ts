export { useEmbedScriptAvailable, useWidgetSettings, type WidgetSettingsView } from './api/widget-settings';
export { escapeHtml, samplePageHtml } from './lib/sample-page';
export { CodeSnippet } from './ui/code-snippet';
export { WidgetFrame, type WidgetFrameProps } from './ui/widget-frame';
