/**
 * The intent model: what a text is doing (reporting an emergency, complaining about a past job, spam, asking for
 * a person or a call, asking whether this is a bot, upset, thanks, a greeting, or an ordinary request), learned by
 * nlp.js's neural classifier from the examples in intent-corpus.ts, one model per language with nlp.js's own
 * tokenizers, stemmers and stop words. Trained once per process at first use (tens of milliseconds) and kept: the
 * examples are fixed at build time, so every instance of the server trains the same model and answers the same.
 *
 * The model generalises across phrasings; the rules in signals.ts stay for what must never be missed or invented
 * (a gas smell, a link). The assistant combines both.
 */
import { containerBootstrap } from '@nlpjs/core';
import { LangEn } from '@nlpjs/lang-en';
import { LangEs } from '@nlpjs/lang-es';
import { Nlp } from '@nlpjs/nlp';
import { ENGLISH_CORPUS, type Intent, INTENTS, SPANISH_CORPUS } from './intent-corpus';
import type { Language } from './language';
import { loadTowns } from './towns';

export interface IntentReading {
  intent: Intent;
  score: number;
  /** Every intent's score, for the decision log and for a second-best check. */
  scores: Partial<Record<Intent, number>>;
}

interface NlpEngine {
  addLanguage(language: string): void;
  addDocument(language: string, utterance: string, intent: string): void;
  train(): Promise<unknown>;
  process(language: string, utterance: string): Promise<{ intent: string; score: number; classifications?: Array<{ intent: string; score: number }> }>;
}

interface Stemmer {
  tokenizeAndStem(text: string, keepStops?: boolean): string[];
}

export interface IntentModel {
  classify(text: string, language: Language): Promise<IntentReading>;
  /** nlp.js's stemmer for a language (the service matcher compares stems). */
  stem(text: string, language: Language): string[];
}

let loading: Promise<IntentModel> | null = null;

/** The process's intent model, trained on first use. */
export function intentModel(): Promise<IntentModel> {
  loading ??= train();
  return loading;
}

async function train(): Promise<IntentModel> {
  const container = await containerBootstrap();
  container.use(LangEn);
  container.use(LangEs);
  const nlp = new Nlp({ container, autoSave: false, autoLoad: false, nlu: { log: false }, log: false }) as unknown as NlpEngine;
  nlp.addLanguage('en');
  nlp.addLanguage('es');
  for (const intent of INTENTS) {
    for (const utterance of ENGLISH_CORPUS[intent]) nlp.addDocument('en', utterance, intent);
    for (const utterance of SPANISH_CORPUS[intent]) nlp.addDocument('es', utterance, intent);
  }
  await nlp.train();
  // The town table is read with the model, once per process, so that no customer's turn pays for it.
  loadTowns();
  const stemmers: Record<Language, Stemmer> = { en: container.get('stemmer-en') as Stemmer, es: container.get('stemmer-es') as Stemmer };
  return {
    async classify(text, language) {
      const result = await nlp.process(language, text);
      const scores: Partial<Record<Intent, number>> = {};
      for (const item of result.classifications ?? []) if ((INTENTS as readonly string[]).includes(item.intent)) scores[item.intent as Intent] = item.score;
      const intent = (INTENTS as readonly string[]).includes(result.intent) ? (result.intent as Intent) : 'request';
      return { intent, score: result.intent === 'None' ? 0 : result.score, scores };
    },
    stem(text, language) {
      return stemmers[language].tokenizeAndStem(text, true);
    },
  };
}
