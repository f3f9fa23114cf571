import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en';
import { LangEs } from '@nlpjs/lang-es';
import { SentimentAnalyzer } from '@nlpjs/sentiment';
import { intentModel } from '@server/adapters/ai/builtin/nlu/intents';
import { detectLanguage } from '@server/adapters/ai/builtin/nlu/language';
import { readSignals } from '@server/adapters/ai/builtin/nlu/signals';
import { normalize } from '@server/adapters/ai/builtin/nlu/text';

/**
 * Whether a reply to a review request sounds unhappy (decision 0039). Three readings, most specific first:
 * the built-in assistant's complaint and anger signals (a past job with what is wrong with it, "ridiculous",
 * profanity, shouting); a short list of what unhappy customers say after a job ("not happy", "still leaking",
 * "never showed"), since the assistant's rules are tuned for new inquiries; then @nlpjs/sentiment's lexicon vote,
 * counted only when clearly negative and not a plain thanks. The review link was sent either way: this only
 * decides whether a person should step in.
 */
export interface ReplyMood {
  unhappy: boolean;
  /** What decided it, for the request's record and the owner's alert. */
  why: string;
}

const AFTER_JOB_UNHAPPY =
  /\b(not (happy|satisfied|pleased|impressed)|unhappy|dissatisfied|disappointed|disappointing|upset|frustrat\w*|angry|terrible|awful|horrible|worst|poor (job|work|service)|bad (job|work|service|experience)|sloppy|careless|unprofessional|incompetent|disrespectful|not (great|good|ok|okay)|expected (more|better)|could(n'?t)? ha(ve|d) been better|rude|late again|(was|were|showed up) (\d+ (hours?|hrs?) )?late|never (came|showed|finished|fixed|called)|no[- ]show|still (leak\w*|drip\w*|broken|not working|doesn'?t work|clogged|backed up|noisy|making (that|the same) noise|blowing (warm|hot|cold))|(doesn'?t|does not|didn'?t|did not|isn'?t|is not) work(ing)?|stopped working|broke (again|down)|(left|made) (a|such a|the) mess|overcharg\w*|too expensive|rip ?off|scam|refund|money back|damag\w*|scratch\w*|stain\w*|would not recommend|wouldn'?t recommend|won'?t (be )?(using|use|call) (you|your)|never (again|use you)|one star|1 star|no (estoy|estamos|quede|quedamos) (content[oa]s?|satisfech[oa]s?)|mal servicio|mal trabajo|pesimo|terrible|horrible|nunca (vinieron|llegaron|llamaron|terminaron)|sigue (goteando|fallando|sin funcionar|roto|tapado)|no (funciona|sirve|arreglaron)|(llegaron|llego) tarde|cobraron de mas|muy caro|dejaron (todo )?(sucio|un desastre)|rompieron|danaron|decepcionad[oa]s?|molest[oa]s?|enojad[oa]s?)\b/;

/** Plainly fine: "not bad", "no problem", "no complaints" read negative word by word. */
const PLAINLY_FINE = /\b(not bad|no problem|no problems|no complaints|no issues|nothing wrong|no worries|de nada|no hay problema|sin problema)\b/;

let analyzer: Promise<SentimentAnalyzer> | null = null;

function sentimentAnalyzer(): Promise<SentimentAnalyzer> {
  analyzer ??= (async () => {
    const container = await containerBootstrap();
    container.use(LangEn);
    container.use(LangEs);
    return new SentimentAnalyzer({ container });
  })();
  return analyzer;
}

export async function readReplyMood(text: string): Promise<ReplyMood> {
  const said = normalize(text);
  const language = detectLanguage(text).language ?? 'en';
  const signals = await readSignals(text, language, await intentModel());
  if (signals.complaint) return { unhappy: true, why: `a complaint (${signals.complaint.words})` };
  if (signals.anger) return { unhappy: true, why: `sounded upset (${signals.anger.words})` };
  const words = AFTER_JOB_UNHAPPY.exec(said);
  if (words) return { unhappy: true, why: `“${words[0]}”` };
  if (signals.thanks || PLAINLY_FINE.test(said)) return { unhappy: false, why: 'thanks' };
  const { sentiment } = await (await sentimentAnalyzer()).process({ locale: language, text: said });
  // The lexicon alone misreads short texts ("it was fine I guess" votes negative): only a clearly negative total counts.
  if (sentiment.vote === 'negative' && sentiment.score <= -0.5) {
    return { unhappy: true, why: `negative wording (sentiment ${sentiment.average.toFixed(2)})` };
  }
  return { unhappy: false, why: `sentiment ${sentiment.vote}` };
}
