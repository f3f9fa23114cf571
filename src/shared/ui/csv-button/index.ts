export { CsvButton } from './csv-button';
export { downloadText } from './download-text';
