import { describe, expect, it } from 'vitest';
import type { PriceItem } from '@contracts/ai';
import { fitsConditions, itemConditions, statedSizes } from './nlu/sizes';
import { choosePriceItem, excludedBy, formatCents, formatItemPrice } from './prices';

const items: PriceItem[] = [
  { id: 'tune', name: 'AC tune-up', minCents: 12_900, maxCents: 16_900, unit: '' },
  { id: 'movers', name: 'Two movers and a truck', minCents: 14_900, maxCents: 17_900, unit: 'per hour' },
  { id: 'ev', name: 'Level 2 EV charger installation', minCents: 89_900, maxCents: 89_900, unit: '' },
];

describe('formatItemPrice', () => {
  it('says a range under `ranges`, the amount under `exact`, nothing under `never`', () => {
    expect(formatItemPrice(items[0]!, 'ranges')).toBe('$129–$169');
    expect(formatItemPrice(items[1]!, 'ranges')).toBe('$149–$179 per hour');
    expect(formatItemPrice(items[2]!, 'exact')).toBe('$899');
    expect(formatItemPrice(items[0]!, 'never')).toBeNull();
  });

  it('keeps an owner’s range a range under `exact`, and writes cents only when there are some', () => {
    expect(formatItemPrice(items[0]!, 'exact')).toBe('$129–$169');
    expect(formatCents(240_000)).toBe('$2,400');
    expect(formatCents(8_950)).toBe('$89.50');
  });
});

describe('conditions in an item’s name (issue 22)', () => {
  it('reads the sizes an item is for', () => {
    expect(itemConditions('Lawn mowing, lots up to 1/4 acre')).toEqual([{ unit: 'acre', min: 0, max: 0.25 }]);
    expect(itemConditions('Move-out clean, empty studio or 1-bedroom apartment')).toEqual([{ unit: 'bedroom', min: 0, max: 1 }]);
    expect(itemConditions('2-bedroom apartment move, up to 3 movers')).toEqual(expect.arrayContaining([{ unit: 'mover', min: 0, max: 3 }, { unit: 'bedroom', min: 2, max: 2 }]));
    expect(itemConditions('Single-zone mini-split install, up to 12,000 BTU')).toEqual([{ unit: 'btu', min: 0, max: 12_000 }, { unit: 'zone', min: 1, max: 1 }]);
    expect(itemConditions('4 or more bedrooms')).toEqual([{ unit: 'bedroom', min: 4, max: Number.POSITIVE_INFINITY }]);
    expect(itemConditions('Studio')).toEqual([{ unit: 'bedroom', min: 0, max: 0 }]);
    expect(itemConditions('Drain cleaning')).toEqual([]);
  });

  it('reads the sizes a person says, in digits or words', () => {
    expect(statedSizes('about half an acre').get('acre')).toBe(0.5);
    expect(statedSizes('acre and a half. lots of sticks from the ice storm').get('acre')).toBe(1.5);
    expect(statedSizes('2 acres and a half').get('acre')).toBe(2.5);
    expect(statedSizes('16 wide so the double one').get('car')).toBe(2);
    expect(statedSizes("it's the single one, the other door is fine").get('car')).toBe(1);
    expect(statedSizes('a 3 bed 2 bath').get('bedroom')).toBe(3);
    // Two of one kind: the larger, so no figure is quoted for a smaller job than the one they have.
    expect(statedSizes("whats a 2 bedroom move cost? we have a 4 bedroom house").get('bedroom')).toBe(4);
    expect(statedSizes("what I really need is the boxwoods trimmed, there's 8 of them").get('shrub')).toBe(8);
    expect(statedSizes('it needs a 24,000 btu unit').get('btu')).toBe(24_000);
    expect(statedSizes('single car door').get('car')).toBe(1);
    expect(statedSizes('door is 16x7').get('car')).toBe(2);
  });

  it('fits only when what they said is inside every condition; a size not said does not fit', () => {
    const quarterAcre = itemConditions('Lawn mowing, lots up to 1/4 acre');
    expect(fitsConditions(quarterAcre, statedSizes('our lot is about a quarter acre')).fits).toBe(true);
    expect(fitsConditions(quarterAcre, statedSizes('about half an acre')).fits).toBe(false);
    expect(fitsConditions(quarterAcre, statedSizes('the front yard')).fits).toBe(false);
    expect(fitsConditions([], new Map()).fits).toBe(true);
  });

  it('chooses the item of the right size among items for the same job', () => {
    const book: PriceItem[] = [
      { id: 'two', name: 'Move, 2-bedroom apartment', minCents: 60_000, maxCents: 90_000, unit: '' },
      { id: 'four', name: 'Move, 4-bedroom house', minCents: 150_000, maxCents: 220_000, unit: '' },
    ];
    expect(choosePriceItem('how much for the move?', 'moving a 2 bedroom apartment', book, null).item?.id).toBe('two');
    expect(choosePriceItem('how much?', 'moving out of a 3 bed house', book, 'Local move').item).toBeNull();
    expect(choosePriceItem('how much to fix a leaky faucet?', '', items, null).item).toBeNull();
    // A job with no item of its own gets no price from another item a size said later fits.
    const landscape = [
      { id: 'rye', name: 'Winter rye overseed, one yard up to 1,500 sq ft of grass', minCents: 25_000, maxCents: 40_000, unit: '' },
      { id: 'drip', name: 'Drip system repair, up to 2 hours on site', minCents: 9_500, maxCents: 18_500, unit: '' },
    ];
    const granite = 'How much to put down new decomposed granite in the front? The old stuff is all washed out\nMesa 85204. maybe 1200 sq ft?';
    expect(choosePriceItem('How much to put down new decomposed granite in the front?', granite, landscape, 'Decorative rock & granite').item).toBeNull();
    expect(choosePriceItem('how much to overseed the front? maybe 1200 sq ft', 'how much to overseed the front? maybe 1200 sq ft', landscape, 'Winter rye overseeding').item?.id).toBe('rye');
  });
});

describe('price conditions, second round (issue 22)', () => {
  const book: PriceItem[] = [
    { id: 'diag', name: 'Diagnostic visit (credited toward the repair)', minCents: 8_900, maxCents: 8_900, unit: '' },
    { id: 'tune-1', name: 'Tune-up, one system (furnace or heat pump)', minCents: 11_900, maxCents: 11_900, unit: '' },
    { id: 'tune-2', name: 'Tune-up, two systems at the same house', minCents: 19_900, maxCents: 19_900, unit: '' },
    { id: 'tv', name: 'TV wall mount up to 65 inch, into drywall studs (no brick, stone or above a fireplace)', minCents: 12_000, maxCents: 18_000, unit: '' },
  ];
  const pick = (text: string) => choosePriceItem(text, text, book, null).item?.id ?? null;

  it('quotes the item for the number of systems said, one when they say "my furnace"', () => {
    expect(pick('How much is a tune up for 2 heat pumps? One upstairs one downstairs')).toBe('tune-2');
    expect(pick('how much for a tune up on my furnace?')).toBe('tune-1');
  });

  it('quotes the visit for "how much just to come look at it?"', () => {
    expect(pick('and how much just to come look at it?')).toBe('diag');
  });

  it('never quotes an item whose name rules out what they said, or a size above its limit', () => {
    expect(excludedBy(book[3]!.name, 'mount a 75" TV above our brick fireplace')).toBe('brick');
    expect(pick('How much to mount a 75" TV above our brick fireplace?')).toBeNull();
    expect(pick('How much to mount a 75" TV in the living room?')).toBeNull();
    expect(pick('How much to mount a 55" TV in the living room?')).toBe('tv');
    // An item for one surface is not quoted for another one they named; the same surface, or none said, is fine.
    expect(excludedBy('TV mount on drywall with studs, up to 75 inch', 'mount a 65 inch tv above our brick fireplace')).toBe('brick');
    expect(excludedBy('TV mount on drywall with studs, up to 75 inch', 'mount a 65 inch tv on the drywall next to the brick fireplace')).toBeNull();
    expect(excludedBy('TV mount on drywall with studs, up to 75 inch', 'mount a 65 inch tv in the bedroom')).toBeNull();
    // An area said as two sides: 8 ft by 6 ft is 48 sq ft.
    const pavers: PriceItem[] = [{ id: 'p50', name: 'Paver patio repair, up to 50 sq ft', minCents: 40_000, maxCents: 60_000, unit: '' }];
    expect(choosePriceItem('what does that run?', 'our paver patio sunk, its about an 8 ft by 6 ft section', pavers, null).item?.id).toBe('p50');
    expect(choosePriceItem('what does that run?', 'our paver patio sunk, about a 10 ft by 8 ft section', pavers, null).item).toBeNull();
  });

  it('takes the crew and hours an item includes as its terms, a minimum charge as no size, and a drive in minutes as miles', () => {
    const moves: PriceItem[] = [
      { id: '1br', name: 'Studio or 1-bedroom apartment move, 2 movers, within 25 miles', minCents: 38_000, maxCents: 56_000, unit: '' },
      { id: '2br', name: '2-bedroom apartment move, up to 3 movers, within 25 miles', minCents: 65_000, maxCents: 95_000, unit: '' },
      { id: 'labor', name: 'Labor only, 2 movers, 2-hour minimum', minCents: 22_000, maxCents: 22_000, unit: '' },
    ];
    const text = '2br apartment in midtown going to elk grove, maybe 20 min drive. how much?';
    expect(choosePriceItem(text, text, moves, 'Apartment move').item?.id).toBe('2br');
    expect(choosePriceItem('how much for 4 guys?', `${text} 4 guys`, moves, 'Apartment move').item).toBeNull();
    expect(choosePriceItem('how much?', '2br apartment, maybe an hour drive', moves, 'Apartment move').item).toBeNull();
    // "Labor only" is another kind of job: not quoted for a house move nobody said was labor only.
    expect(choosePriceItem('how much?', 'move our house, 3 bed 2 bath', moves, 'House move').item).toBeNull();
    expect(choosePriceItem('how much?', 'just need 2 guys to load my own truck, labor only', moves, null).item?.id).toBe('labor');
    // "up to 4 trees under 15 ft": a count and a height.
    const prune: PriceItem[] = [{ id: 'fruit', name: 'Fruit tree winter pruning, up to 4 trees under 15 ft', minCents: 39_000, maxCents: 39_000, unit: '' }];
    expect(choosePriceItem('how much?', 'prune 3 fruit trees, about 10 ft', prune, null).item?.id).toBe('fruit');
    expect(choosePriceItem('how much?', 'prune 3 fruit trees, about 20 ft', prune, null).item).toBeNull();
  });

  it('counts the zones of a drip system and the heads of a mini-split', () => {
    const split: PriceItem[] = [{ id: 'split-1', name: 'Ductless mini-split, single zone (one indoor head), installed', minCents: 420_000, maxCents: 620_000, unit: '' }];
    const three = 'Thinking about mini splits, one in the living room and one in each bedroom upstairs, so 3 heads total. Ballpark cost?';
    expect(choosePriceItem(three, three, split, null).item).toBeNull();
    expect(choosePriceItem('how much?', 'one mini split for the bonus room, single zone', split, null).item?.id).toBe('split-1');
    const drip: PriceItem[] = [{ id: 'drip', name: 'Drip line repair, up to 2 zones', minCents: 15_000, maxCents: 25_000, unit: '' }];
    const busted = 'drip line on the side yard is busted. its just the one zone. ballpark $?';
    expect(choosePriceItem(busted, busted, drip, null).item?.id).toBe('drip');
    expect(choosePriceItem('how much?', 'drip system needs work on 4 zones', drip, null).item).toBeNull();
  });
  it('quotes an item for an elevator or the ground floor only once they say so', () => {
    const book: PriceItem[] = [{ id: 'ab-2br', name: '2-bedroom move within Queens/Brooklyn, elevator or ground floor both ends, up to 5 hours', minCents: 89_500, maxCents: 89_500, unit: '' }];
    expect(choosePriceItem('hi how much is a 2 bedroom move? astoria to bushwick', 'hi how much is a 2 bedroom move? astoria to bushwick', book, null).item).toBeNull();
    expect(choosePriceItem('how much for a 2 bedroom move?', 'how much for a 2 bedroom move? both buildings have an elevator', book, null).item?.id).toBe('ab-2br');
    const junk: PriceItem[] = [{ id: 'one', name: 'Junk pickup, one large item (couch, mattress, fridge), ground floor', minCents: 7_500, maxCents: 7_500, unit: '' }];
    expect(choosePriceItem('how much to haul off an old fridge? its in the garage', 'how much to haul off an old fridge? its in the garage', junk, null).item?.id).toBe('one');
  });
});

describe('a bound that lists several sizes', () => {
  it('reads every size after "up to" as a bound', () => {
    expect(itemConditions('Standard cleaning, up to 2 bed / 2 bath and 1,200 sq ft')).toEqual([
      { unit: 'bedroom', min: 0, max: 2 },
      { unit: 'bathroom', min: 0, max: 2 },
      { unit: 'sqft', min: 0, max: 1200 },
    ]);
  });
});

describe('add-on items', () => {
  it('quotes an add-on only when the extra is what they ask about', () => {
    const book: PriceItem[] = [
      { id: 'two', name: '2-bedroom apartment, 3 movers + truck, up to 4 hours', minCents: 60_000, maxCents: 80_000, unit: '' },
      { id: 'hour', name: 'Extra hour past the estimate, 3 movers', minCents: 13_500, maxCents: 15_500, unit: 'per hour' },
    ];
    const house = 'cuánto cobran por una mudanza de una casa de 3 cuartos? Es de Nitro a Hurricane';
    expect(choosePriceItem(house, house, book, null).item).toBeNull();
    expect(choosePriceItem('what do you charge for an extra hour with 3 movers?', 'what do you charge for an extra hour with 3 movers?', book, null).item?.id).toBe('hour');
  });
});

describe('items for a list of towns', () => {
  const book: PriceItem[] = [
    { id: 'diag', name: 'Diagnostic visit in Albuquerque, Rio Rancho or Corrales (credited to the repair)', minCents: 8900, maxCents: 8900, unit: '' },
    { id: 'move', name: '2-bedroom apartment move within Seattle, up to 3 movers', minCents: 50000, maxCents: 50000, unit: '' },
  ];
  it('quotes an item for a list of towns only once they say they are in one of them', () => {
    const asked = 'How much just for you to come out and look at my washer? It won\'t spin';
    expect(choosePriceItem(asked, asked, book, null).item).toBeNull();
    expect(choosePriceItem(asked, `we're in Rio Rancho. ${asked}`, book, null).item?.id).toBe('diag');
    expect(choosePriceItem(asked, `I'm in Grants, 87020. ${asked}`, book, null).item).toBeNull();
  });
  it('reads a garage door\'s width as the cars it is for', () => {
    expect(statedSizes('both springs went on our 16 ft door | no car stuck').get('car')).toBe(2);
    expect(statedSizes("it's a 9' garage door").get('car')).toBe(1);
    expect(statedSizes('a 16 ft extension cord').get('car')).toBeUndefined();
  });
  it('never quotes an item of another kind of the thing, nor one that includes a part they bought themselves', () => {
    const opener = 'LiftMaster 1/2 HP chain-drive opener, supplied and installed by us';
    expect(excludedBy(opener, 'I bought my parents a LiftMaster belt drive opener for Christmas. Need someone to install it')).toBe('belt drive');
    expect(excludedBy(opener, 'What do you charge to install one I already bought?')).toContain('one they supply');
    expect(excludedBy(opener, 'how much for a new opener installed? old one died')).toBeNull();
    // (Both kinds said, the old and the one wanted: the item's kind is there.)
    expect(excludedBy('LiftMaster 1/2 HP belt-drive opener installed', 'old Genie chain drive finally died. want one of the quiet liftmaster belt ones')).toBeNull();
    expect(excludedBy('40-gallon gas water heater, installed', 'want to go tankless')).toBe('tankless');
    // (Not the house they bought, a quote they got, nor the kind of the old one.)
    expect(excludedBy(opener, 'We bought the house in May. How much for a new opener installed?')).toBeNull();
    expect(excludedBy(opener, 'I got a quote from another company for $750, how much for an opener?')).toBeNull();
    expect(excludedBy('LiftMaster 1/2 HP belt-drive opener installed', 'Our old Genie chain drive finally died. How much for a new opener put in?')).toBeNull();
    expect(excludedBy(opener, 'I bought a LiftMaster opener at Home Depot, can you put it in?')).toContain('one they supply');
  });
  it('keeps an item for one town, the business\'s own city as a rule', () => {
    const asked = 'hey how much for a 2br apartment move? capitol hill to ballard';
    expect(choosePriceItem(asked, asked, book, null).item?.id).toBe('move');
  });
  it('gives no figure for an item of one town when they name another town of its state as where they go or come from', () => {
    const chicago: PriceItem[] = [{ id: 'ds-2br', name: '2-bedroom move within Chicago, 3 movers and truck, up to 5 hours', minCents: 98500, maxCents: 98500, unit: '' }];
    const cicero = 'Hola, cuánto cobran por mover un 2 bedroom? De Pilsen a Cicero';
    const choice = choosePriceItem(cicero, cicero, chicago, null);
    expect(choice.item).toBeNull();
    expect(choice.why).toContain('they named cicero');
    // (Neighbourhoods of the city are the city's: Pilsen, Logan Square, Wicker Park.)
    const inside = 'how much to move a 2 bedroom from pilsen to logan square';
    expect(choosePriceItem(inside, inside, chicago, null).item?.id).toBe('ds-2br');
    const evanston = 'how much for a 2 bedroom move? its from our chicago apartment to a house in evanston';
    expect(choosePriceItem(evanston, evanston, chicago, null).item).toBeNull();
  });
});

describe('sizes said in other words', () => {
  it('reads "studio to 2-bedroom" as none to two, and "the same wall" or "bien cerquita" as a few feet', () => {
    expect(itemConditions('Move-out clean, empty studio to 2-bedroom apartment')).toContainEqual({ unit: 'bedroom', min: 0, max: 2 });
    expect(fitsConditions(itemConditions('Generator interlock kit + 30A inlet box, inlet within 20 ft of the panel'), statedSizes('El panel está en el garaje y la conexión la quiero afuera en la misma pared del garaje, bien cerquita')).fits).toBe(true);
    expect(fitsConditions(itemConditions('Generator interlock kit + 30A inlet box, inlet within 20 ft of the panel'), statedSizes('the panel is in the basement on the other end of the house')).fits).toBe(false);
  });
});

describe('the visit, a part, an inspection (the d37 misses)', () => {
  const book: PriceItem[] = [
    { id: 'diag', name: 'Service call / diagnosis (waived if we do the repair)', minCents: 8900, maxCents: 8900, unit: '' },
    { id: 'belt', name: 'Dryer belt and idler pulley replacement, gas or electric', minCents: 16000, maxCents: 21000, unit: '' },
    { id: 'ice', name: 'Refrigerator ice maker replacement (Whirlpool, KitchenAid, Maytag)', minCents: 22000, maxCents: 29000, unit: '' },
  ];
  const pick = (asked: string, thread = asked, service: string | null = null) => choosePriceItem(asked, thread, book, service).item?.id ?? null;

  it('quotes only the visit when they ask what it costs to come and look, in English or Spanish', () => {
    expect(pick('Our Whirlpool fridge quit making ice and the fresh food side is up to 46 degrees. how much just to come look at it?')).toBe('diag');
    expect(pick('Vivo en Idaho Falls, 83401. Cuánto cobran por venir a verla?', 'mi secadora no calienta, da vueltas pero la ropa sale mojada. Vivo en Idaho Falls, 83401. Cuánto cobran por venir a verla?', 'Dryer')).toBe('diag');
    // (To come out and do the job is the job's price.)
    expect(pick('how much to come out and replace the dryer belt?')).toBe('belt');
  });

  it('quotes a part’s repair only when they name the part or the trouble it mends', () => {
    expect(pick('how much?', 'dryer spins but the clothes come out wet, how much?', 'Dryer')).toBeNull();
    expect(pick('how much?', 'dryer drum won’t turn, motor hums, how much?', 'Dryer')).toBe('belt');
    expect(pick('how much?', 'dryer makes a loud squealing noise, how much?', 'Dryer')).toBe('belt');
    const toilet: PriceItem[] = [{ id: 'valve', name: 'Toilet flapper & fill valve replacement, one toilet', minCents: 18500, maxCents: 18500, unit: '' }];
    expect(choosePriceItem('What do you charge for that?', 'the hall toilet rocks and there is water on the floor around the base after flushing', toilet, 'Toilet repair').item).toBeNull();
    expect(choosePriceItem('What do you charge for that?', 'upstairs toilet keeps running all night', toilet, 'Toilet repair').item?.id).toBe('valve');
  });

  it('quotes no inspection to someone who asks the price of the work', () => {
    const roof: PriceItem[] = [
      { id: 'inspect', name: 'Roof inspection with photo report', minCents: 0, maxCents: 0, unit: '' },
      { id: 'tarp', name: 'Emergency tarp, one-story roof', minCents: 35000, maxCents: 60000, unit: '' },
    ];
    const beat = 'Got a quote from another outfit for $14,800 to tear off and replace the whole roof after the June hail. Can you guys beat that?';
    expect(choosePriceItem(beat, beat, roof, 'Full roof replacement').item).toBeNull();
    expect(choosePriceItem('how much for an inspection?', 'hail hit us, how much for an inspection?', roof, null).item?.id).toBe('inspect');
  });
});

describe('the second reader’s misfires of the visit and part rules (fourteenth round)', () => {
  const book: PriceItem[] = [
    { id: 'diag', name: 'Service call / diagnosis', minCents: 8900, maxCents: 8900, unit: '' },
    { id: 'drain', name: 'Drain cleaning, one drain', minCents: 17500, maxCents: 17500, unit: '' },
    { id: 'wh', name: '40 gal water heater replacement', minCents: 150000, maxCents: 150000, unit: '' },
  ];
  const pick = (text: string, service: string | null = null) => choosePriceItem(text, text, book, service).item?.id ?? null;

  it('quotes the job, not the visit, when a job is asked with the coming out', () => {
    expect(pick('kitchen sink is clogged. how much for you to come out and unclog it?', 'Drain cleaning')).toBe('drain');
    expect(pick('what do you charge to come out and snake the main line?')).toBe('drain');
    expect(pick('how much for drain cleaning if you come out today?')).toBe('drain');
    expect(pick('what would it cost for you guys to come out to replace a 40 gallon water heater?')).toBe('wh');
    expect(pick('cuanto por destapar el fregadero? tambien revisarlo')).toBe('drain');
  });

  it('hears the classic symptoms of a part', () => {
    const one = (name: string, service: string, thread: string) => choosePriceItem('how much?', thread, [{ id: 'x', name, minCents: 1, maxCents: 1, unit: '' }], service).item?.id ?? null;
    expect(one('Toilet flapper & fill valve replacement', 'Toilet repair', 'toilet tank keeps trickling water into the bowl all night')).toBe('x');
    expect(one('Toilet flapper & fill valve replacement', 'Toilet repair', 'toilet flushes by itself every half hour')).toBe('x');
    expect(one('Toilet flapper & fill valve replacement', 'Toilet repair', 'el inodoro no deja de llenarse')).toBe('x');
    expect(one('Toilet flapper & fill valve replacement', 'Toilet repair', 'the chain in the toilet tank broke and it barely flushes')).toBe('x');
    expect(one('Electric water heater element replacement', 'Water heater', 'electric water heater, no hot water at all')).toBe('x');
    expect(one('Dryer belt and idler pulley replacement', 'Dryer', 'dryer just hums and the clothes dont move')).toBe('x');
    expect(one('Dryer belt and idler pulley replacement', 'Dryer', 'la secadora hace un ruido muy fuerte y rechina')).toBe('x');
  });
});
