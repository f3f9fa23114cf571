export { cannotText } from './model/can-text';
export { TEXT_CLIENT_LABEL, TextClientButton } from './ui/text-client-button';
