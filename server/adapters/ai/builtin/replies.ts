/**
 * The built-in assistant's sentences, in English and Spanish and in the three tones. Only these words, the
 * owner's own (question texts, FAQ answers, the disqualify message) and amounts from the approved price book ever
 * reach a person, so nothing in a reply is invented. None of them names a time of arrival. A thread in Spanish is
 * answered with the Spanish sentences, and the owner's questions are asked in Spanish by what they ask for.
 */
import type { AiTone, HandoffReason, QualifierQuestion } from '@contracts/ai';
import type { Hazard } from './nlu/signals';
import type { Language } from './nlu/language';
import { HOME_TYPE_ASKED, yesNoTopic } from './nlu/answers';
import { normalize } from './nlu/text';

export interface Voice {
  business: string;
  assistant: string;
  tone: AiTone;
  language: Language;
}

/** A name closing a sentence: "Loess Hills Moving Co." takes no second full stop. */
const stop = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/** "A, B or C" (Spanish "A, B o C"). */
export function orList(items: readonly string[], language: Language = 'en'): string {
  return joinList(items, language === 'es' ? 'o' : 'or');
}

/** "A, B and C" (Spanish "A, B y C"). */
function andList(items: readonly string[], language: Language): string {
  return joinList(items, language === 'es' ? 'y' : 'and');
}

function joinList(items: readonly string[], last: string): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

export function greeting({ business, tone, language }: Voice): string {
  if (language === 'es') return tone === 'concise' ? `Hola, le saluda ${stop(business)}` : `¡Hola! Gracias por comunicarse con ${stop(business)}`;
  if (tone === 'friendly') return `Hi! Thanks for reaching out to ${stop(business)}`;
  if (tone === 'professional') return `Hello, thank you for contacting ${stop(business)}`;
  return `Hi from ${stop(business)}`;
}

const ACKNOWLEDGMENTS: Record<Language, Record<AiTone, readonly string[]>> = {
  en: { friendly: ['Got it, thanks!', 'Great, thank you!', 'Perfect, thanks!'], professional: ['Thank you.', 'Thank you, noted.'], concise: [] },
  es: { friendly: ['¡Perfecto, gracias!', '¡Muy bien, gracias!'], professional: ['Gracias.', 'Gracias, anotado.'], concise: [] },
};

export function acknowledgment({ tone, language }: Voice, replyCount: number): string | null {
  const options = ACKNOWLEDGMENTS[language][tone];
  return options.length === 0 ? null : (options[replyCount % options.length] ?? null);
}

/** A question the owner wrote, asked in Spanish by what it asks for (the owner's words when nothing fits). */
export function spanishQuestion(question: QualifierQuestion): string {
  const about = normalize(`${question.key.replace(/_/g, ' ')} ${question.text}`);
  switch (question.kind) {
    case 'zip':
      return '¿Cuál es el código postal donde necesita el servicio?';
    case 'date':
      return /\b(estimate|visit|inspection|consult)\b/.test(about) ? '¿Qué día le funciona para la visita?' : /\bmove|moving\b/.test(about) ? '¿Qué día es la mudanza?' : '¿Qué día le funciona?';
    case 'choice':
      return /\b(service|job|help|need|type|work)\b/.test(about) ? '¿Qué servicio necesita?' : /\b(size|bedroom|rooms|home)\b/.test(about) ? '¿De qué tamaño es?' : '¿Cuál de estas opciones?';
    case 'yes_no': {
      const topic = yesNoTopic(question);
      if (/\b(own|owner|homeowner|rent)\b/.test(about)) return '¿Es usted el dueño de la propiedad?';
      if (/\b(urgent|emergency|asap|rush)\b/.test(about)) return '¿Es urgente?';
      if (/\b(pets?|dogs?|cats?)\b/.test(about) && /\b(kids?|children)\b/.test(about)) return '¿Hay niños o mascotas en la casa?';
      if (/\b(pets?|dogs?|cats?)\b/.test(about)) return '¿Tiene mascotas?';
      if (/\b(stairs|elevator)\b/.test(about)) return '¿Hay escaleras o elevador?';
      // "Can the crew get into the backyard without you home?" asks about the way in, not about being home.
      if (topic === 'entry') return '¿Podemos entrar sin que haya alguien en casa?';
      if (topic === 'rental') return '¿Es una propiedad que se renta?';
      if (topic === 'double-door') return '¿Es una puerta doble (para dos carros)?';
      if (topic === 'hoa') return '¿La propiedad está en una asociación de propietarios (HOA)?';
      if (/\b(home|present|be there)\b/.test(about)) return '¿Habrá alguien en casa?';
      if (/\b(insurance|claim)\b/.test(about)) return '¿Es un reclamo de seguro?';
      if (/\b(gate|access|code)\b/.test(about)) return '¿Hay portón o código de acceso?';
      if (/\b(warranty)\b/.test(about)) return '¿Está en garantía?';
      // "There's an $89 diagnostic fee, waived if you go ahead with the repair. Is that OK?": the fee, in Spanish.
      // (One amount, a fee's: not a range of costs, "Most repairs cost $300-$600", nor two fees.)
      const amounts = question.text.match(/\$\s?\d[\d,]*(?:\.\d\d)?/g) ?? [];
      const fee = /\b(fee|charge|deposit|minimum)\b/.test(about) && amounts.length === 1 && !/\d\s*(-|–|to)\s*\$?\d/.test(question.text) ? /\$\s?\d[\d,]*(?:\.\d\d)?/.exec(question.text) : null;
      if (fee) return `Hay un cargo de ${fee[0].replace(/\s/g, '')}${/\b(waived|credited|applied|goes toward|go toward)\b/.test(about) ? ', que se descuenta si sigue con el trabajo' : ''}. ¿Está de acuerdo?`;
      return `¿Sí o no? ${question.text}`;
    }
    case 'text':
      if (/\bname\b/.test(about)) return '¿Cuál es su nombre?';
      if (/\baddress\b/.test(about)) return '¿Cuál es la dirección?';
      if (/\bemail\b/.test(about)) return '¿Cuál es su correo electrónico?';
      if (/\b(brand|model|make)\b/.test(about)) return '¿Qué marca y modelo es?';
      if (/\b(budget|spend)\b/.test(about)) return '¿Cuál es su presupuesto?';
      if (/\b(gate|code|lockbox|get in|let (us|you) in|entry|parking)\b/.test(about)) return '¿Algo que debamos saber para entrar (código del portón, perro, dónde estacionar)?';
      if (HOME_TYPE_ASKED.test(about)) return '¿Es casa, condominio, apartamento o negocio?';
      if (/\b(how much|amount|items|truck)\b/.test(about)) return '¿Más o menos cuánto es: unas cuantas cosas, media camioneta o una camioneta llena?';
      if (/\b(yard|lot|acres?|lawn|trees)\b/.test(about)) return /\btrees?\b/.test(about) ? '¿Más o menos de qué tamaño es el jardín o el área (o cuántos árboles)?' : '¿Más o menos de qué tamaño es el jardín o el terreno?';
      if (/\b(bedrooms?|rooms|size|square|sq|stories|floors)\b/.test(about)) return '¿De qué tamaño es el lugar (recámaras, pisos o pies cuadrados)?';
      if (/\b(how old|age|years)\b/.test(about)) return '¿Cuántos años tiene?';
      if (/\b(hear about|find us|referr)\b/.test(about)) return '¿Cómo se enteró de nosotros?';
      if (/\b(where to|moving to|to city|to zip|to where|destination|to area)\b/.test(about)) return '¿A dónde se muda (ciudad o código postal)?';
      if (/\bwhere('s| is| are you seeing| do you see)\b/.test(about)) return '¿En qué parte de la casa está el problema?';
      if (/\b(where|from|to|pickup|destination)\b/.test(about)) return '¿De dónde a dónde?';
      return '¿Me puede contar un poco más sobre el trabajo?';
  }
}

/** The question as asked, with its options listed for a choice. */
export function askQuestion(question: QualifierQuestion, options: readonly string[], language: Language): string {
  const text = language === 'es' ? spanishQuestion(question) : question.text;
  if (question.kind === 'choice' && options.length > 0) return `${text} (${orList(options, language)})`;
  return text;
}

/**
 * The second try when the answer could not be placed: what the likely answers are, in plain words. After this
 * one, a second miss goes to a person.
 */
/** The person will send an answer later ("I'll have to look that up"). */
export function answerLater({ tone, language }: Voice): string {
  if (language === 'es') return tone === 'concise' ? 'Está bien, mándelo por aquí cuando lo tenga.' : 'No hay problema, mándenoslo por aquí cuando lo tenga.';
  return tone === 'concise' ? 'OK, text it here when you have it.' : 'No problem, just text it here when you have it.';
}

/** The person steps away for a moment ("brb"). */
export function takeYourTime({ tone, language }: Voice): string {
  if (language === 'es') return tone === 'concise' ? 'Está bien, aquí estamos.' : 'No hay problema, aquí estamos cuando regrese.';
  return tone === 'concise' ? 'OK, whenever you are ready.' : 'No problem, take your time.';
}

export function askAgain({ tone, language }: Voice, question: QualifierQuestion, options: readonly string[], postalExample: string): string {
  if (language === 'es') {
    const sorry = 'Perdón, no le entendí bien.';
    switch (question.kind) {
      case 'zip':
        return `${sorry} ¿Cuál es el código postal de 5 dígitos? (por ejemplo ${postalExample})`;
      case 'date':
        return `${sorry} ¿Qué día le funciona? (por ejemplo mañana, el viernes o el 5 de dic)`;
      case 'yes_no':
        return `${sorry} ${spanishQuestion(question)} Responda sí o no.`;
      case 'choice':
        return options.length > 0 ? `${sorry} ¿Cuál es: ${orList(options, 'es')}?` : `${sorry} ${spanishQuestion(question)}`;
      case 'text':
        return `${sorry} ${spanishQuestion(question)}${options.length > 0 ? ` (por ejemplo ${orList(options, 'es')})` : ''}`;
    }
  }
  const sorry = tone === 'concise' ? 'Sorry —' : "Sorry, I didn't catch that.";
  switch (question.kind) {
    case 'zip':
      return `${sorry} What's the 5-digit ZIP code where you need the work? (e.g. ${postalExample})`;
    case 'date':
      return `${sorry} What day works for you? (e.g. tomorrow, Friday or 12/5)`;
    case 'yes_no':
      return `${sorry} ${question.text} Just reply yes or no.`;
    case 'choice':
      return options.length > 0 ? `${sorry} Is it ${orList(options)}?` : `${sorry} ${question.text}`;
    case 'text':
      return `${sorry} ${question.text}${options.length > 0 ? ` (e.g. ${orList(options)})` : ''}`;
  }
}

/** Several options fit what the person said: which one, in their words. */
export function whichOne({ tone, language }: Voice, options: readonly string[]): string {
  if (language === 'es') return `Para confirmar, ¿cuál es: ${orList(options, 'es')}?`;
  return tone === 'concise' ? `Which one: ${orList(options)}?` : `Just to check, which one is it: ${orList(options)}?`;
}

/** Whether a line of ours is a whichOne question ("Just to check, which one is it: …?"). */
export function askedWhichOne(line: string): boolean {
  return /\b(which one|para confirmar, ¿cu[aá]l)/i.test(line);
}

/** A ZIP outside the area that looks like a slip: asked once before the lead is turned away. */
export function confirmPostal({ tone, language }: Voice, code: string): string {
  if (language === 'es') return `Para confirmar, ¿su código postal es ${code}? Ese queda fuera de nuestra zona.`;
  return tone === 'concise' ? `Just to check, is the ZIP ${code}? That's outside our area.` : `Just to check, is the ZIP ${code}? That one is outside our service area.`;
}

/** The code a confirmPostal line asked about, or null. */
export function postalConfirmed(line: string): string | null {
  // (A code, not the word after "ZIP" in "What is the ZIP code?": that had read "code" as a ZIP confirmed.)
  return /(?:is the ZIP|código postal es) (\d{5}(?:-\d{4})?|[A-Z]\d[A-Z] ?\d[A-Z]\d)\?/i.exec(line)?.[1] ?? null;
}

/**
 * The closing once every required question is answered. `readBack` ("Drain cleaning, Thursday (morning)") says the job
 * and the day as recorded, so a misreading shows before the team relies on it and the person can reply with the fix.
 */
/** Whether a line of ours read the job and the day back (the closing's "I have you down for …"). */
export function readBackSaid(line: string): boolean {
  return /\b(I have you down for|I have noted|Noted:|Anoté:)/.test(line);
}

export function closing({ business, tone, language }: Voice, firstName: string | null, readBack: string | null = null): string {
  if (language === 'es') return `¡Gracias${firstName ? `, ${firstName}` : ''}!${readBack ? ` Anoté: ${readBack}.` : ''} ${business} le escribirá pronto para confirmar los detalles.`;
  if (tone === 'friendly') return `Thanks${firstName ? `, ${firstName}` : ''}!${readBack ? ` I have you down for ${readBack}.` : ''} ${business} will text you shortly to confirm the details.`;
  if (tone === 'professional') return `Thank you${firstName ? `, ${firstName}` : ''}.${readBack ? ` I have noted ${readBack}.` : ''} ${business} will text you shortly to confirm the details.`;
  return `Thanks${firstName ? ` ${firstName}` : ''}!${readBack ? ` Noted: ${readBack}.` : ''} ${business} will text you shortly to confirm.`;
}

/** "Thanks, Ann!" before the times offered once every question is answered. */
export function thanksName({ tone, language }: Voice, firstName: string | null): string {
  if (language === 'es') return `¡Gracias${firstName ? `, ${firstName}` : ''}!`;
  if (tone === 'professional') return `Thank you${firstName ? `, ${firstName}` : ''}.`;
  return `Thanks${firstName ? `, ${firstName}` : ''}!`;
}

/**
 * A corrected answer said back, so a misreading shows at once: "Got it, I've changed that to ZIP 49503."; several:
 * "Got it, I've updated those: ZIP 49503 and Friday."
 */
export function changedTo({ tone, language }: Voice, answers: readonly string[]): string {
  const several = answers.length > 1;
  const list = andList(answers, language);
  if (language === 'es') return several ? `Entendido, anoté los cambios: ${list}.` : `Entendido, anoté el cambio: ${list}.`;
  if (tone === 'concise') return several ? `Updated: ${list}.` : `Changed to ${list}.`;
  if (tone === 'professional') return several ? `Thank you, I've updated those: ${list}.` : `Thank you, I've updated that to ${list}.`;
  return several ? `Got it, I've updated those: ${list}.` : `Got it, I've changed that to ${list}.`;
}

/** After qualification, for anything new: it goes to the team. */
export function passedOn({ business, tone, language }: Voice): string {
  if (language === 'es') return `Gracias, ya se lo pasé al equipo de ${stop(business)}`;
  if (tone === 'concise') return `Thanks, passed on to ${stop(business)}`;
  return `Thanks, I've passed that on to the team at ${stop(business)}`;
}

export function botAnswer({ business, assistant, tone, language }: Voice): string {
  if (language === 'es') return `Soy ${assistant}, un asistente automático de ${stop(business)} Una persona del equipo da seguimiento a cada solicitud.`;
  if (tone === 'concise') return `I'm ${assistant}, an automated assistant for ${stop(business)}`;
  return `I'm ${assistant}, an automated assistant for ${stop(business)} A person from the team follows up on every request.`;
}

export function unknownQuestion({ tone, language }: Voice): string {
  if (language === 'es') return 'No estoy seguro de eso, pero el equipo se lo puede responder cuando le escriba.';
  if (tone === 'concise') return 'The team will answer that when they text you.';
  return "I'm not sure about that one, but the team can answer it when they text you.";
}

/** The owner's FAQ answer, framed in Spanish for a Spanish thread (the owner's words are kept as written). */
export function faqAnswer(answer: string, language: Language): string {
  return language === 'es' ? `El equipo indica: “${answer}”` : answer;
}

export function priceNever({ tone, language }: Voice): string {
  if (language === 'es') return 'El precio depende del trabajo, así que el equipo le dará un precio después de verlo.';
  if (tone === 'concise') return 'The team gives a price once they see the job.';
  return 'Prices depend on the job, so the team will give you a price after they take a look.';
}

/** No item fits what they described (or its conditions don't): no figure, the team confirms. */
export function priceUnknown({ tone, language }: Voice): string {
  if (language === 'es') return 'No tengo un precio fijo para eso; el equipo se lo confirmará después de ver el trabajo.';
  if (tone === 'concise') return 'The team will confirm the price for that.';
  return "I don't have a set price for that exact job, so the team will confirm it after they take a look.";
}

export function priceQuote({ tone, language }: Voice, itemName: string, amount: string, policy: 'ranges' | 'exact'): string {
  if (language === 'es') return policy === 'exact' ? `${itemName}: ${amount}.` : `${itemName}: normalmente ${amount}; el equipo confirma el precio final al ver el trabajo.`;
  if (policy === 'exact') return `${itemName}: ${amount}.`;
  if (tone === 'concise') return `${itemName}: ${amount}; final price after the team sees the job.`;
  return `${itemName} is usually ${amount}; the team confirms the final price after seeing the job.`;
}

/** Two prices that make theirs together: the first one and each one more ("AC tune-up, first system" and "… each additional system"). */
export function priceQuoteWithMore(voice: Voice, first: { name: string; amount: string }, more: { name: string; amount: string }, policy: 'ranges' | 'exact'): string {
  const both = `${first.name}: ${first.amount}; ${more.name}: ${more.amount}`;
  if (policy === 'exact') return `${both}.`;
  if (voice.language === 'es') return `${both}; el equipo confirma el precio final al ver el trabajo.`;
  return `${both}; the team confirms the final price after seeing the job.`;
}

/** What to do right now to be safe, by the kind of danger. */
export function safetyLine(hazard: Hazard, language: Language): string {
  const lines: Record<Hazard, [string, string]> = {
    gas: [
      "If you smell gas, leave the house now — don't flip switches or light anything — and call 911 or the gas company from outside.",
      'Si huele a gas, salga de la casa ya, sin prender ni apagar nada, y llame al 911 o a la compañía de gas desde afuera.',
    ],
    'carbon-monoxide': [
      'Get everyone outside into fresh air now and call 911; don’t go back in until the fire department says it’s safe.',
      'Salgan todos al aire libre ahora y llame al 911; no regresen hasta que los bomberos digan que es seguro.',
    ],
    electrical: [
      "Don't touch it. If it's safe to reach, turn off that breaker; if there's smoke or fire, get out and call 911.",
      'No lo toque. Si puede hacerlo sin riesgo, apague ese breaker; si hay humo o fuego, salga y llame al 911.',
    ],
    'water-electrical': [
      "Stay away from the wet area near the electrics; if you can reach the panel safely, turn off that breaker and shut off the main water valve.",
      'Aléjese del área mojada cerca de la electricidad; si puede llegar al panel sin riesgo, apague ese breaker y cierre la llave principal del agua.',
    ],
    flood: [
      'If you can, shut off the main water valve, and stay away from water near outlets or cords.',
      'Si puede, cierre la llave principal del agua y aléjese del agua cerca de enchufes o cables.',
    ],
    sewage: [
      "Don't use the sinks, toilets or showers until it's fixed, and stay away from the sewage.",
      'No use lavabos, inodoros ni regaderas hasta que se repare, y aléjese de las aguas negras.',
    ],
    'no-heat': [
      "Keep everyone warm in one room; don't use the oven or a grill to heat the house, and keep space heaters clear of anything that burns.",
      'Mantenga a todos abrigados en un cuarto; no use el horno ni un asador para calentar la casa.',
    ],
    structure: [
      'Stay out of the rooms under the damage and keep away from any downed wires; call 911 if anyone is hurt or a line is down.',
      'No entre a los cuartos bajo el daño y aléjese de cables caídos; llame al 911 si hay heridos o un cable en el suelo.',
    ],
    'garage-door': [
      "Don't touch the door or the spring — they can hurt you — and keep people and pets clear of it.",
      'No toque la puerta ni el resorte, pueden lastimarle, y mantenga a personas y mascotas lejos.',
    ],
    fire: ['Get everyone out and call 911 now.', 'Salgan todos y llame al 911 ahora.'],
    stings: [
      'Stay away from the nest and keep everyone inside. If anyone has swelling of the face or throat, hives or trouble breathing, call 911 now.',
      'Aléjense del nido y quédense adentro. Si alguien tiene hinchazón de la cara o la garganta, ronchas o le cuesta respirar, llame al 911 ahora.',
    ],
  };
  return lines[hazard][language === 'es' ? 1 : 0];
}

/** The handoff's words: safety first for an emergency, an apology for a complaint, a call when they asked for one. */
export function handoffReply({ business, tone, language }: Voice, reason: HandoffReason, options: { hazard?: Hazard | null; callback?: boolean } = {}): string {
  const reach = options.callback ? (language === 'es' ? 'le llamará' : 'will call you') : language === 'es' ? 'se comunicará con usted' : 'will reach out';
  if (language === 'es') {
    switch (reason) {
      case 'emergency':
        return `${options.hazard ? `${safetyLine(options.hazard, 'es')} ` : ''}Ya avisé al equipo de ${business}; alguien ${reach} enseguida.`;
      case 'complaint':
        return `Lamento mucho lo sucedido. Ya le pasé esto al equipo de ${business} y alguien ${reach} pronto.`;
      case 'anger':
        return `Lo siento mucho. Alguien de ${business} ${reach} pronto.`;
      case 'confusion':
        return `Perdón por la confusión. Alguien de ${business} ${reach} pronto.`;
      default:
        return `Claro. Alguien de ${business} ${reach} pronto.`;
    }
  }
  switch (reason) {
    case 'emergency':
      return `${options.hazard ? `${safetyLine(options.hazard, 'en')} ` : ''}I'm alerting the ${business} team now; someone ${reach} right away.`;
    case 'complaint':
      return tone === 'concise' ? `Sorry about that. I've passed it to the ${business} team; someone ${reach} shortly.` : `I'm sorry about that. I've passed this to the ${business} team and someone ${reach} shortly.`;
    case 'anger':
      return tone === 'concise' ? `Sorry about that. Someone from ${business} ${reach} shortly.` : `I'm sorry about that. Someone from ${business} ${reach} shortly.`;
    case 'confusion':
      return `Sorry for the trouble. Someone from ${business} ${reach} shortly.`;
    default:
      return tone === 'friendly' ? `Of course! Someone from ${business} ${reach} shortly.` : tone === 'professional' ? `Certainly. Someone from ${business} ${reach} shortly.` : `Someone from ${business} ${reach} shortly.`;
  }
}

/** When the owner left the disqualify message empty, or the thread is in Spanish. */
export function defaultDisqualify({ business, language }: Voice): string {
  if (language === 'es') return `Lo sentimos, eso está fuera de lo que ${business} atiende. Gracias por escribirnos.`;
  return `Sorry, that's outside what ${business} can help with. Thanks for reaching out.`;
}
