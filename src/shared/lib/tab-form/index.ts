export { type TabFormOptions, useTabForm } from './use-tab-form';
