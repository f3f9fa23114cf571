/**
 * Which US state a place is in, as data a dispatcher knows: the states and their abbreviations, the first three
 * digits of the ZIP codes of each state, and the larger cities. Used to tell a move to another state ("to Boise",
 * "Portland, Oregon", "a San Antonio") from one inside the business's own state, for owners who move people only
 * within their state.
 */
import { normalize } from './text';
import { statesOfTown } from './towns';

const STATES: ReadonlyArray<readonly [string, string, ...string[]]> = [
  ['AL', 'alabama'], ['AK', 'alaska'], ['AZ', 'arizona'], ['AR', 'arkansas'], ['CA', 'california'], ['CO', 'colorado'],
  ['CT', 'connecticut'], ['DE', 'delaware'], ['DC', 'district of columbia', 'washington dc', 'washington d c'], ['FL', 'florida'],
  ['GA', 'georgia'], ['HI', 'hawaii'], ['ID', 'idaho'], ['IL', 'illinois'], ['IN', 'indiana'], ['IA', 'iowa'], ['KS', 'kansas'],
  ['KY', 'kentucky'], ['LA', 'louisiana', 'luisiana'], ['ME', 'maine'], ['MD', 'maryland'], ['MA', 'massachusetts'], ['MI', 'michigan'],
  ['MN', 'minnesota'], ['MS', 'mississippi'], ['MO', 'missouri'], ['MT', 'montana'], ['NE', 'nebraska'], ['NV', 'nevada'],
  ['NH', 'new hampshire'], ['NJ', 'new jersey', 'nueva jersey'], ['NM', 'new mexico', 'nuevo mexico'], ['NY', 'new york state', 'nueva york'],
  ['NC', 'north carolina', 'carolina del norte'], ['ND', 'north dakota', 'dakota del norte'], ['OH', 'ohio'], ['OK', 'oklahoma'],
  ['OR', 'oregon'], ['PA', 'pennsylvania', 'pensilvania'], ['RI', 'rhode island'], ['SC', 'south carolina', 'carolina del sur'],
  ['SD', 'south dakota', 'dakota del sur'], ['TN', 'tennessee'], ['TX', 'texas', 'tejas'], ['UT', 'utah'], ['VT', 'vermont'],
  ['VA', 'virginia'], ['WA', 'washington state', 'washington'], ['WV', 'west virginia'], ['WI', 'wisconsin'], ['WY', 'wyoming'],
];

/**
 * The larger cities whose names are not also common town names elsewhere (no Springfield, Columbia, Richmond or
 * Salem), lower case without accents. Names in two states list both.
 */
const CITIES: Readonly<Record<string, string>> = {
  TX: 'houston, san antonio, dallas, austin, fort worth, el paso, corpus christi, lubbock, laredo, frisco, mckinney, amarillo, grand prairie, brownsville, mcallen, round rock, college station, san marcos, galveston, wichita falls, new braunfels',
  CA: 'los angeles, san diego, san jose, san francisco, fresno, sacramento, long beach, oakland, bakersfield, anaheim, santa ana, riverside, stockton, irvine, chula vista, san bernardino, modesto, fontana, moreno valley, huntington beach, santa clarita, oxnard, elk grove, santa rosa, palm springs, redding, chico, santa barbara, san luis obispo, monterey, eureka, lake tahoe, berkeley, sunnyvale, torrance',
  WA: 'seattle, spokane, tacoma, bellevue, everett, renton, redmond, kirkland, yakima, olympia, bellingham, federal way, spokane valley, wenatchee, walla walla',
  OR: 'portland, eugene, gresham, hillsboro, beaverton, bend, medford, corvallis',
  ID: 'boise, nampa, idaho falls, pocatello, caldwell, coeur d alene, twin falls',
  NV: 'las vegas, reno, north las vegas, carson city',
  AZ: 'phoenix, tucson, flagstaff',
  UT: 'salt lake city, west valley city, west jordan, st george, saint george',
  CO: 'denver, colorado springs, fort collins, thornton, arvada, westminster, pueblo, boulder, greeley, grand junction',
  NM: 'albuquerque, las cruces, rio rancho, santa fe',
  OK: 'oklahoma city, tulsa, broken arrow, edmond, lawton',
  LA: 'new orleans, baton rouge, shreveport, lake charles',
  AR: 'little rock, fayetteville, fort smith, springdale, jonesboro, bentonville',
  FL: 'jacksonville, miami, tampa, orlando, st petersburg, saint petersburg, hialeah, tallahassee, fort lauderdale, port st lucie, cape coral, pembroke pines, gainesville, pensacola, kissimmee, sarasota, naples, daytona beach, west palm beach, boca raton, clearwater, lakeland, ocala, fort myers, key west',
  GA: 'atlanta, sandy springs, alpharetta',
  AL: 'birmingham, montgomery, huntsville, tuscaloosa',
  MS: 'gulfport, hattiesburg, southaven',
  TN: 'nashville, memphis, knoxville, chattanooga, clarksville, murfreesboro',
  KY: 'louisville, lexington, bowling green, owensboro, covington',
  NC: 'charlotte, raleigh, greensboro, winston salem, fayetteville, high point, asheville, chapel hill',
  SC: 'north charleston, myrtle beach, spartanburg, rock hill',
  VA: 'virginia beach, norfolk, chesapeake, newport news, alexandria, roanoke, charlottesville, lynchburg',
  MD: 'baltimore, gaithersburg, silver spring',
  DC: 'washington dc',
  DE: '',
  PA: 'philadelphia, pittsburgh, allentown, scranton, harrisburg, state college',
  NJ: 'jersey city, atlantic city',
  NY: 'new york city, nyc, brooklyn, queens, the bronx, staten island, buffalo, yonkers, syracuse, ithaca, long island',
  CT: 'bridgeport, new haven, hartford, stamford, waterbury, norwalk, danbury',
  RI: 'providence',
  MA: 'boston, worcester, brockton, new bedford, cape cod',
  VT: 'montpelier',
  NH: '',
  ME: 'portland',
  OH: 'cleveland, cincinnati, youngstown',
  IN: 'indianapolis, fort wayne, evansville, south bend',
  MI: 'detroit, grand rapids, sterling heights, ann arbor, traverse city',
  IL: 'chicago, rockford',
  WI: 'milwaukee, madison, green bay, kenosha, eau claire',
  MN: 'minneapolis, st paul, saint paul, st cloud',
  IA: 'des moines, cedar rapids, sioux city, iowa city',
  MO: 'kansas city, st louis, saint louis',
  KS: 'wichita, overland park, kansas city',
  NE: 'omaha, grand island',
  SD: 'sioux falls, rapid city',
  ND: 'fargo, bismarck, grand forks, minot',
  MT: 'billings, missoula, great falls, bozeman, kalispell',
  WY: 'cheyenne, jackson hole, laramie, casper, gillette, rock springs',
  WV: 'morgantown',
  AK: 'anchorage, fairbanks, juneau',
  HI: 'honolulu, maui, kauai',
};

/** The first three digits of each state's ZIP codes, as ranges. */
const ZIP3: ReadonlyArray<readonly [number, number, string]> = [
  [5, 5, 'NY'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'],
  [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'], [200, 205, 'DC'], [206, 219, 'MD'],
  [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'], [290, 299, 'SC'], [300, 319, 'GA'], [320, 349, 'FL'], [350, 369, 'AL'],
  [370, 385, 'TN'], [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'],
  [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'],
  [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'], [700, 715, 'LA'], [716, 729, 'AR'], [730, 749, 'OK'],
  [750, 799, 'TX'], [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'],
  [885, 885, 'TX'], [889, 898, 'NV'], [900, 961, 'CA'], [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

let placeIndex: Map<string, Set<string>> | null = null;

/** Every place name (state names, abbreviations after a comma, cities) with the states it may be in. */
function places(): Map<string, Set<string>> {
  if (!placeIndex) {
    placeIndex = new Map();
    const add = (name: string, state: string) => {
      const set = placeIndex?.get(name) ?? new Set<string>();
      set.add(state);
      placeIndex?.set(name, set);
    };
    for (const [code, ...names] of STATES) for (const name of names) add(name, code);
    // (A state with no city listed adds no empty name: "" would match after any "to".)
    for (const [state, list] of Object.entries(CITIES)) for (const city of list.split(/,\s*/)) if (city.trim() !== '') add(city.trim(), state);
  }
  return placeIndex;
}

/** The state of a US ZIP code (by its first three digits), or null. */
export function stateOfZip(zip: string): string | null {
  const prefix = Number(/^\d{3}/.exec(zip)?.[0] ?? 'NaN');
  if (Number.isNaN(prefix)) return null;
  return ZIP3.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

/** The state most of a business's service-area ZIP prefixes are in, or null (Canadian or none). */
export function businessState(prefixes: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const prefix of prefixes) {
    const state = /^\d{3}/.test(prefix) ? stateOfZip(prefix) : null;
    if (state) counts.set(state, (counts.get(state) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

const CODES = new Set(STATES.map(([code]) => code.toLowerCase()));
const STATE_NAMES = STATES.flatMap(([, ...names]) => names);
const alternatives = (names: Iterable<string>) => [...names].sort((a, b) => b.length - a.length).map((name) => name.replace(/ /g, '\\s+')).join('|');
let destinationPattern: RegExp | null = null;

function stateNamed(name: string): string | null {
  if (CODES.has(name)) return name.toUpperCase();
  return STATES.find(([, ...names]) => names.includes(name))?.[0] ?? null;
}

/**
 * The states a move's destination may be in: "to Boise", "down to Portland, Oregon", "all the way to Idaho",
 * "de Houston a San Antonio", "relocating to Denver, CO". Null when no known place is named as where they are going.
 */
export function destinationStates(text: string, served = ''): Set<string> | null {
  const local = normalize(served).toLowerCase();
  destinationPattern ??= new RegExp(`\\b(?:to|into|towards?|hasta|hacia|para|(?<=\\bde\\s+[a-z]+(?:\\s+[a-z]+)?\\s)a)\\s+(?:the\\s+)?(${alternatives(places().keys())})\\b(?:\\s*,\\s*([a-z]{2})\\b|\\s*,?\\s*(${alternatives(STATE_NAMES)})\\b)?`, 'g');
  // "a" is Spanish "to" only after a move's origin ("de Houston a San Antonio"); in English it is an article.
  const said = normalize(text).toLowerCase().replace(/[.]/g, '');
  let found: Set<string> | null = null;
  for (const match of said.matchAll(destinationPattern)) {
    const name = (match[1] ?? '').replace(/\s+/g, ' ');
    const qualifier = stateNamed((match[2] ?? match[3] ?? '').replace(/\s+/g, ' '));
    if (!qualifier && new RegExp(`\\b${name}\\b`).test(local)) continue;
    const states = qualifier ? new Set([qualifier]) : new Set(places().get(name) ?? []);
    if (states.size > 0) found = states;
  }
  // Any post-office town with its state written after it ("back home to Albany NY", "to Bend, OR", "to Albany, New
  // York"): that state. (A code without a comma only in capitals, and not "OK": "to Denver OK?" asks, it names no
  // Oklahoma.)
  for (const match of text.matchAll(/\b(?:to|into|towards?|hasta|hacia|para)\s+(\p{Lu}[\p{L}.'-]*,?(?:\s+[\p{L}.'-]+,?){1,5})/gu)) {
    const words = (match[1] ?? '').split(/\s+/);
    for (let length = Math.min(3, words.length - 1); length >= 1; length -= 1) {
      const town = words.slice(0, length);
      if (!town.every((word) => /^\p{Lu}/u.test(word))) continue;
      const comma = (town[length - 1] ?? '').endsWith(',');
      const rest = words.slice(length).map((word) => word.replace(/[,.]$/, ''));
      const code = rest[0] ?? '';
      const state = code.length === 2 ? (CODES.has(code.toLowerCase()) && (comma || (code === code.toUpperCase() && code !== 'OK')) ? code.toUpperCase() : null) : ([3, 2, 1].map((size) => (rest.length >= size ? stateNamed(rest.slice(0, size).join(' ').toLowerCase().replace(/^new york$/, 'new york state')) : null)).find((named) => named !== null) ?? null);
      if (state && statesOfTown(town.join(' ').replace(/[,.]$/, '')).includes(state)) {
        found = new Set([state]);
        break;
      }
    }
  }
  return found;
}
