export { TemplateField, type TemplateFieldProps } from './template-field';
