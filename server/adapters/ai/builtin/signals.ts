/**
 * What a person's text is doing besides answering: asking for a person, sounding upset, reporting an emergency,
 * asking whether this is a bot or what something costs, only saying thanks, or being spam. Each is a small pure
 * test on the words, so the built-in assistant's decision log can say which rule fired.
 */
import { plain } from './words';

/** The matched words when the person asks for a human ("talk to a person", "call me"), else null. */
export function asksForPerson(text: string): string | null {
  const said = plain(text);
  const match =
    /\b((talk|speak|chat|text) (to|with) (a |an |the |some |your )?(real |live |actual )?(human|person|someone|somebody|owner|manager|tech|technician|agent|representative|rep|boss)|(want|need|get|prefer|give me) (a |an )?(real|live|actual) (person|human)|(real|live|actual) (person|human),? please|human please|representative|operator|call me|give me a call|(can|could|will|would) (you|someone|somebody|anyone|they) (please )?call|have (someone|somebody|them|him|her) call|(someone|somebody) (to )?call me)\b/.exec(
      said,
    );
  return match ? match[0] : null;
}

const PROFANITY = /\b(f+u+c+k\w*|fck\w*|fk|wtf|sh[i1]t\w*|bs|bull ?shit|damn it|dammit|goddamn\w*|crap|pissed( off)?|asshole|a\*\*hole|f\*+\w*|s\*+t)\b/;
const UPSET =
  /\b(ridiculous|unacceptable|unbelievable|scam(mers?)?|rip ?off|ripoff|useless|waste of (my )?time|fed up|sick (and tired )?of|furious|outraged|disgusted|worst (company|service|experience|business)|(terrible|awful|horrible|pathetic|lousy) (service|company|business|experience|customer service|job)|(this|that) is (terrible|awful|horrible|pathetic|a joke)|(you're|you are|ur) (useless|terrible|awful|a joke|stupid|incompetent)|still waiting|nobody (showed|came|called)|no one (showed|came|called)|never showed)\b/;

/** The matched words when the text sounds angry: profanity, "ridiculous", complaints, or SHOUTING in capitals. */
export function soundsAngry(text: string): string | null {
  const said = plain(text);
  const rude = PROFANITY.exec(said) ?? UPSET.exec(said);
  if (rude) return rude[0];
  // Shouting: several words, almost all capitals. Short capitals ("OK", "AC", "ASAP") are ordinary.
  const letters = text.replace(/[^A-Za-z]/g, '');
  const words = text.split(/\s+/).filter((word) => /[A-Za-z]{2,}/.test(word));
  if (letters.length >= 15 && words.length >= 4 && letters.replace(/[^A-Z]/g, '').length / letters.length >= 0.85) return 'all capitals';
  return null;
}

const NOT_AN_EMERGENCY = /\b(not (an? )?emergency|no emergency|(isn't|isnt|is not|it's not|its not) an emergency|non[- ]?emergency)\b/;
const EMERGENCY =
  /\b(emergency|flood(ing|ed)?|burst( pipe)?|pipe burst|gas (smell|leak)|smell(s|ing)? (of |like )?gas|sparking|sparks|smoke (coming|everywhere|from)|smoking|burning smell|smells? (like )?burning|on fire|caught fire|carbon monoxide|co (alarm|detector) (going off|beeping)|water everywhere|sewage (backing|coming) up|ceiling (is )?(caving|collapsing|falling))\b/;

/** The matched words when the text reports an emergency (danger or damage happening now), else null. */
export function reportsEmergency(text: string): string | null {
  const said = plain(text);
  if (NOT_AN_EMERGENCY.test(said)) return null;
  const match = EMERGENCY.exec(said);
  return match ? match[0] : null;
}

/** Whether the person asks if they are talking to a bot or a real person (not asking *for* a person). */
export function asksIfBot(text: string): boolean {
  const said = plain(text);
  return /\b((are|r) (you|u|ya) (a |an )?(real|bot|robot|human|person|real person|ai|computer|machine|automated|an automated)|is (this|that) (a |an )?(bot|robot|automated|real person|human|ai|computer|machine|an automated)|am i (talking|texting|chatting) (to |with )?(a |an )?(bot|robot|real person|human|person|machine|computer|ai)|(bot|robot|automated|auto reply|autoreply)\?)/.test(
    said,
  );
}

/** Whether the person asks what something costs. */
export function asksPrice(text: string): boolean {
  return /\b(how much|price|prices|pricing|cost|costs|charge|charges|rate|rates|fee|fees|quote|ballpark|estimate for|what do you charge|what does it run)\b/.test(plain(text));
}

const ACK_WORDS = new Set(
  'ok okay k kk thanks thank you thx ty tyvm so much great perfect sounds good awesome cool got it will do appreciate appreciated cheers sweet alright all right np bye see ya very a lot again the for your help that works wonderful excellent nice yes yep sure lovely fantastic much appreciated'.split(
    ' ',
  ),
);

/** Whether the text only acknowledges ("thanks!", "ok sounds good 👍") with nothing new in it. */
export function isAcknowledgment(text: string): boolean {
  const words = plain(text).match(/[a-z]+/g) ?? [];
  if (words.length === 0) return /\p{Extended_Pictographic}/u.test(text);
  return words.every((word) => ACK_WORDS.has(word));
}

/** Whether the text is only a greeting ("Hi", "hello there!"). */
export function isGreeting(text: string): boolean {
  return /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|yo)( there| again| all)?[\s!.,]*$/.test(plain(text).trim());
}

/** Whether the person is correcting an earlier answer ("actually it's 60615", "sorry, I meant Tuesday"). */
export function isCorrection(text: string): boolean {
  return /\b(actually|correction|i meant|sorry,? (i meant|it's|its|wrong)|wrong (zip|date|one|address)|not \w+,? (it's|its))\b/.test(plain(text));
}

/**
 * The sentences of a text that ask something: ending in "?" or starting with a question word. Answers are not
 * questions, so a FAQ is matched only against these ("water heater" answered to a question is not a FAQ).
 */
export function questionSentences(text: string): string[] {
  return text
    .split(/(?<=[?.!])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.endsWith('?') || /^(do|does|did|are|is|can|could|will|would|how|what|when|where|which|who|why|have|has)\s+\S/i.test(sentence));
}

const SPAM =
  /\b(seo|search engine optimi[sz]ation|backlinks?|guest post(ing)?|rank(ing)? (your|on|higher on) google|first page (of|on) google|google (ranking|reviews for sale)|web ?design (services|agency)|(website|web) traffic|lead generation services|crypto(currency)?|bitcoin|btc|ethereum|usdt|forex|investment opportunity|double your money|business (loan|funding|line of credit)|merchant cash advance|(loan|funding) (offer|approved)|pre-?approved|you('ve| have) won|claim your (prize|reward)|gift card|casino|viagra|click (here|the link|below)|unsubscribe)\b/;

/** The matched words when the text is spam (marketing offers, crypto, loans, prize links), else null. */
export function looksLikeSpam(text: string): string | null {
  const said = plain(text);
  const match = SPAM.exec(said);
  if (match) return match[0];
  // A link with an offer around it ("visit", "deal", "promo") is an advert, not a customer.
  if (/\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(xyz|top|click|biz|info|io|ly)\b/.test(said) && /\b(visit|check out|deal|promo|discount|offer|free trial|sign up|limited time|earn|profit)\b/.test(said)) {
    return 'a link with an offer';
  }
  return null;
}
