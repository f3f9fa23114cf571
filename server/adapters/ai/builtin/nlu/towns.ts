/**
 * The US towns a dispatcher knows by name: every post-office town of each state, from the zipcodes package's ZIP
 * table (about 42,000 codes). Used to tell a town from a neighbourhood of a city: "de Pilsen a Cicero" leaves
 * Chicago (Cicero has its own post office), "logan square to pilsen" does not (both are Chicago's).
 *
 * The table is read once per process, with the intent model (about 230 ms of CPU on these 2-core machines; see
 * `npm run bench ai-turn`), and never changes: nothing to keep true between instances.
 */
import { createRequire } from 'node:module';
import { fold } from './text';

/** Last words of a place's name: a town's name followed by one is another place's (a city's neighbourhood). */
const NAME_GOES_ON = /^(square|park|heights|village|hills?|gardens?|terrace|manor|estates|lakes?|beach|point|grove|ridge|station|yards?|circle|commons|loop|town|side|woods?|forest|meadows?|place|plaza|acres|shores?|corners?|crossing|landing|junction|bay|harbou?r|springs?|falls|valley|creek|mills?|city)$/;

type ZipRow = { zip: string; city: string; state: string; country: string; latitude: number; longitude: number };

const require = createRequire(import.meta.url);
let townsByState: Map<string, Set<string>> | null = null;
/** Where each town is ("TN:maryville"), the middle of its ZIP codes' points. */
let centres: Map<string, { latitude: number; longitude: number }> | null = null;
/** The first three digits of each town's ZIP codes ("TN:maryville" → 378). */
let prefixes: Map<string, Set<string>> | null = null;

function towns(): Map<string, Set<string>> {
  if (townsByState) return townsByState;
  const table = require.resolve('zipcodes/lib/codes.js');
  const rows = Object.values((require(table) as { codes: Record<string, ZipRow> }).codes);
  // (The table itself, some 42,000 objects, is let go once read: kept, every full garbage collection walks it.)
  delete require.cache[table];
  townsByState = new Map();
  const sums = new Map<string, { latitude: number; longitude: number; count: number }>();
  prefixes = new Map();
  for (const row of rows) {
    if (row.country !== 'US') continue;
    const name = fold(row.city.toLowerCase());
    const set = townsByState.get(row.state) ?? new Set<string>();
    set.add(name);
    townsByState.set(row.state, set);
    const own = prefixes.get(`${row.state}:${name}`) ?? new Set<string>();
    prefixes.set(`${row.state}:${name}`, own.add(row.zip.slice(0, 3)));
    // (Codes with no point, 0/0, say nothing of where.)
    if (row.latitude === 0 && row.longitude === 0) continue;
    const sum = sums.get(`${row.state}:${name}`) ?? { latitude: 0, longitude: 0, count: 0 };
    sums.set(`${row.state}:${name}`, { latitude: sum.latitude + row.latitude, longitude: sum.longitude + row.longitude, count: sum.count + 1 });
  }
  centres = new Map([...sums.entries()].map(([key, sum]) => [key, { latitude: sum.latitude / sum.count, longitude: sum.longitude / sum.count }]));
  return townsByState;
}

/** Whether a town of a state has a ZIP code starting with one of these prefixes (the business's area). */
export function townInArea(state: string, name: string, area: readonly string[]): boolean {
  towns();
  const own = prefixes?.get(`${state}:${fold(name.toLowerCase())}`);
  return own !== undefined && area.some((prefix) => own.has(prefix.slice(0, 3)));
}

/**
 * The towns a move goes from and to ("from Maryville to Nashville", "de Pilsen a Cicero"), each only when named right
 * after its own word ("from Knoxville in only 2 weeks, to Maryville": Only is no town here).
 */
export function tripTowns(text: string, states: readonly string[]): { from: string | null; to: string | null } {
  return { from: townsAfter(text, states, FROM_WORDS)[0] ?? null, to: townsAfter(text, states, TO_WORDS)[0] ?? null };
}

const FROM_WORDS = 'from|de|desde';
const TO_WORDS = 'to|into|a|hasta|para';

/**
 * The towns of these states named right after one of `words`, in order. (A lookahead, so that "de pilsen a cicero"
 * reads both "pilsen …" and "cicero".)
 */
function townsAfter(text: string, states: readonly string[], words: string): string[] {
  const wanted = states.map((state) => towns().get(state)).filter((set): set is Set<string> => set !== undefined);
  if (wanted.length === 0) return [];
  const said = fold(text.toLowerCase()).replace(/[^\p{L}\p{N}' -]+/gu, ' ');
  const after = new RegExp(`\\b(?:${words})\\s+(?=((?:[\\p{L}'.-]+)(?:\\s+[\\p{L}'.-]+){0,2}))`, 'gu');
  // ("a house in south springfield": the town after a part of it, when the words with it name no town, as "South Bend" does.)
  const town = (words: string) => longestTown(words, wanted) ?? (PART_OF_TOWN.test(words) ? longestTown(words.replace(PART_OF_TOWN, ''), wanted) : null);
  return [...said.matchAll(after)].map((match) => town(match[1] ?? '')).filter((name): name is string => name !== null);
}

const PART_OF_TOWN = /^(north|south|east|west|northeast|northwest|southeast|southwest|downtown|central|midtown|uptown)\s+/;

/** The longest town name the words begin with ("oak park" before "oak"), not one a longer place's name goes on from. */
function longestTown(words: string, wanted: readonly Set<string>[]): string | null {
  const parts = words.split(/\s+/);
  for (let length = parts.length; length >= 1; length -= 1) {
    const name = parts.slice(0, length).join(' ');
    if (name.length < 3 || (length < parts.length && NAME_GOES_ON.test(parts[length] ?? ''))) continue;
    if (wanted.some((set) => set.has(name))) return name;
  }
  return null;
}

/** Miles as the crow flies between two towns of a state ("maryville", "nashville" in TN), or null when either is unknown. */
export function milesBetween(state: string, from: string, to: string): number | null {
  towns();
  const a = centres?.get(`${state}:${fold(from.toLowerCase())}`);
  const b = centres?.get(`${state}:${fold(to.toLowerCase())}`);
  if (!a || !b) return null;
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const [dLat, dLon] = [radians(b.latitude - a.latitude), radians(b.longitude - a.longitude)];
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

/** Reads the table now (the intent model's training does, so that no turn pays for it). */
export function loadTowns(): void {
  towns();
}

/** The states with a post-office town of this name ("Chicago" → IL; "Springfield" → many). */
export function statesOfTown(name: string): string[] {
  const wanted = fold(name.toLowerCase().trim());
  return [...towns().entries()].filter(([, set]) => set.has(wanted)).map(([state]) => state);
}

/**
 * The towns of these states a text names as a place one goes to, comes from or is in ("to Evanston", "de Pilsen a
 * Cicero", "in Oak Park"), other than `except`. Up to three words a name; a town whose name is an everyday word
 * ("Normal", "Golf") counts only after such a word, as every name here does.
 */
export function townsNamed(text: string, states: readonly string[], except: string): string[] {
  const own = fold(except.toLowerCase().trim());
  return townsAfter(text, states, `${TO_WORDS}|${FROM_WORDS}|in|en`).filter((name) => name !== own);
}
