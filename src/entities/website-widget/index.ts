export { setCachedWidgetSettings, useEmbedScriptAvailable, useWidgetSettings, type WidgetSettingsView } from './api/widget-settings';
export { CodeSnippet } from './ui/code-snippet';
export { WidgetFrame, type WidgetFrameProps } from './ui/widget-frame';
