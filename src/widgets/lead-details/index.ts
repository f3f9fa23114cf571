export { type AnswerLabels, answerRows, keyInWords, quoteSentence } from './lib/ai-answers';
export { LeadDetails } from './ui/lead-details';
