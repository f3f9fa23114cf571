export { WidgetDemoPage } from './ui/widget-demo-page';
