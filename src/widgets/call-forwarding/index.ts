export { ForwardingInstructions } from './ui/forwarding-instructions';
