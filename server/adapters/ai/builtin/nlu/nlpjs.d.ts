/**
 * The parts of nlp.js (plain JavaScript, no types of its own) the built-in assistant uses: a container with the
 * English and Spanish language packs, the NLP manager that trains and runs the intent classifier, and the stemmers.
 */
declare module '@nlpjs/core' {
  export interface Container {
    use(plugin: unknown): void;
    get(name: string): unknown;
  }
  export function containerBootstrap(settings?: Record<string, unknown>): Promise<Container>;
}

declare module '@nlpjs/nlp' {
  export class Nlp {
    constructor(settings?: Record<string, unknown>);
  }
}

declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
  export class StemmerEn {
    stemWord(word: string): string;
    tokenizeAndStem(text: string, keepStops?: boolean): string[];
  }
}

declare module '@nlpjs/lang-es' {
  export const LangEs: unknown;
  export class StemmerEs {
    stemWord(word: string): string;
    tokenizeAndStem(text: string, keepStops?: boolean): string[];
  }
}
