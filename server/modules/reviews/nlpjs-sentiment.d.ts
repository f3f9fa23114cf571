/** The part of @nlpjs/sentiment (plain JavaScript, no types of its own) reply-mood.ts uses. */
declare module '@nlpjs/sentiment' {
  export interface SentimentResult {
    score: number;
    numWords: number;
    numHits: number;
    average: number;
    vote: 'positive' | 'negative' | 'neutral';
  }
  export class SentimentAnalyzer {
    constructor(settings: { container: unknown });
    process(input: { locale: string; text: string }): Promise<{ sentiment: SentimentResult }>;
  }
}
