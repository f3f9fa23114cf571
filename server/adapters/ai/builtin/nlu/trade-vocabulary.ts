/**
 * Trade vocabularies, as data: the things and jobs customers of local service businesses name, each with the ways
 * people say it — trade words, brand names, common misspellings, the problem instead of the service, and Spanish.
 * The owner's own service names are read against these (so "AC" finds "AC repair" and "Trane" finds it too), and
 * so are the customer's texts. A concept is one thing or job; `family` groups concepts an owner may list under one
 * service ("Rodent control" covers mice and rats; "General pest control" covers any pest).
 *
 * Phrases are matched as whole words after normalisation (lower case, accents folded, shorthand spelled out) and
 * stemming, longest first, so "solar panel" is never the electrical "panel" and "water heater" is not "heater".
 * Adding a word: put it on the concept people mean by it; a misspelling only when it is common and cannot be
 * another word (fuzzy matching already forgives one slip in a long word).
 */

export interface Concept {
  id: string;
  /** Concepts an owner may list under one service name. */
  family: string;
  /** Ways people name it (English), including brands and common misspellings. */
  names: readonly string[];
  /** How people describe the problem when they don't name the service ("not cooling"). */
  problems?: readonly string[];
  /** Spanish names and problems. */
  es?: readonly string[];
  /**
   * The thing it belongs to, when owners list it apart only sometimes: "Remote & keypad programming" when they do,
   * else the opener's option ("Opener repair") covers remotes and sensors, not every door option of the family.
   */
  partOf?: string;
  /** A kind of a more general thing that owners may name plainly: a garage door is the "door" of "New door quote". */
  kindOf?: string;
}

/** What kind of job: fixing what is broken, putting in something new, regular care, a check, or removal. */
export const ACTIONS = {
  repair: {
    names: ['repair', 'fix', 'fixed', 'fixing', 'broken', 'broke', 'not working', "won't open", "won't close", "won't go up", "won't go down", 'reverses', 'goes back up', 'slapping', 'squeaks', 'squeaking', 'tripping', 'trips', 'short cycling', 'short-cycling', 'keeps shutting off', 'shuts off', 'on and off', 'kicking on and off', 'turning on and off', 'cycling', 'weird', 'strange', 'acting weird', 'frozen', 'iced up', 'dead', 'stopped working', 'quit working', "won't work", "doesn't work", "isn't working", 'went out', 'acting up', 'problem', 'issue', 'leak', 'leaking', 'noise', 'noisy', 'making a noise', 'clicking', 'rattling', 'rattles', 'grinding', 'grinds', 'squealing', 'squeals', 'banging', 'bangs', 'knocking', 'knocks', 'clanking', 'clanks', 'gurgling', 'gurgles', 'buzzing', 'humming', "won't turn on", "won't start", 'not turning on', 'stuck', 'jammed', 'cracked', 'damaged', 'damage', 'service call', 'troubleshoot'],
    es: ['reparar', 'reparacion', 'arreglar', 'arreglo', 'compostura', 'descompuesto', 'descompuesta', 'no funciona', 'no sirve', 'no prende', 'no enciende', 'dejo de funcionar', 'falla', 'se prende y se apaga', 'prende y apaga', 'se apaga', 'no se queda prendido', 'no calienta', 'no enfria', 'hace ruido', 'truena', 'se traba', 'no jala', 'fuga', 'gotea', 'goteando', 'ruido', 'roto', 'rota', 'danado'],
  },
  install: {
    names: ['install', 'installation', 'installed', 'assemble', 'assembly', 'assembled', 'put together', 'put in', 'put it in', 'put one in', 'install it', 'hook it up', 'hook up', 'hooked up', 'set up', 'set it up', 'mount it', 'hang it', 'new', 'replace', 'replacement', 'replacing', 'swap', 'upgrade', 'add', 'adding', 'added', 'another', 'additional', 'mount', 'hang', 'build', 'quote for a new', 'redo', 'redone', 're-do', 'new one', 'full replacement', 'whole new'],
    es: ['instalar', 'instalan', 'instale', 'instalen', 'instalarme', 'instalarnos', 'instalacion', 'nuevo', 'nueva', 'cambiar', 'reemplazar', 'reemplazo', 'poner', 'agregar', 'anadir', 'montar', 'colgar'],
  },
  maintenance: {
    names: ['tune up', 'tuneup', 'start up', 'start-up', 'startup', 'maintenance', 'trim', 'trimming', 'trimmed', 'prune', 'pruning', 'pruned', 'cut back', 'cutting back', 'service', 'servicing', 'checkup', 'check up', 'annual', 'every year', 'once a year', 'seasonal', 'cleaning', 'clean', 'flush', 'recurring', 'every week', 'once a week', 'weekly service', 'weekly cleaning', 'weekly', 'biweekly', 'bi-weekly', 'every other week', 'every 2 weeks', 'every two weeks', 'every month', 'once a month', 'monthly service', 'quarterly service', 'regular'],
    es: ['mantenimiento', 'servicio', 'limpieza', 'revision', 'cada semana', 'cada mes', 'mensual', 'semanal'],
  },
  inspection: {
    names: ['inspection', 'inspect', 'look at', 'take a look', 'come look', 'come see', 'have a look', 'look it over', 'check', 'check out', 'estimate', 'assessment', 'evaluate'],
    es: ['inspeccion', 'revisar', 'checar', 'ver', 'presupuesto', 'cotizacion', 'evaluacion'],
  },
  removal: {
    names: ['remove', 'removal', 'take down', 'haul', 'haul away', 'haul off', 'hauled', 'take away', 'pick up', 'pickup', 'picked up', 'clearing', 'get rid of', 'tear out', 'demo', 'demolition'],
    es: ['quitar', 'remover', 'retirar', 'tirar', 'deshacerse', 'se lleven', 'que se lleven', 'llevarse', 'recoger', 'sacar'],
  },
} as const;
export type Action = keyof typeof ACTIONS;

export const CONCEPTS: readonly Concept[] = [
  // ── HVAC ────────────────────────────────────────────────────────────────────────────────────────────────────
  // A brand says the trade, not which system: "trane heat pump" is the heat pump; "the Trane is not cooling" is the AC.
  { id: 'hvac-brand', family: 'hvac-any', names: ['trane', 'carrier', 'lennox', 'goodman', 'rheem ac', 'york', 'bryant', 'ruud', 'amana', 'coleman', 'american standard', 'payne', 'heil', 'tempstar'] },
  {
    id: 'ac',
    family: 'cooling',
    names: ['ac', 'a/c', 'a c', 'air conditioner', 'air conditioning', 'air conditioners', 'central air', 'ac unit', 'condenser', 'compressor', 'outside unit', 'cooling', 'air con', 'aircon', 'airconditioner', 'air conditoner', 'air condition', 'refrigerant', 'freon'],
    problems: ['not cooling', "won't cool", 'not cold', 'blowing warm air', 'blowing hot air', 'warm air', 'house is hot', 'so hot in here', 'frozen coil', 'ice on the lines', 'leaking freon'],
    es: ['aire acondicionado', 'aire', 'el aire', 'clima', 'enfriamiento', 'no enfria', 'aire caliente'],
  },
  // An evaporative cooler is not an air conditioner, though people call it "the AC".
  { id: 'evaporative-cooler', family: 'cooling', names: ['swamp cooler', 'swamp coolers', 'swampcooler', 'evaporative cooler', 'evaporative coolers', 'evap cooler', 'evaporative cooling', 'roof cooler'], es: ['enfriador evaporativo', 'cooler del techo', 'swamp'] },
  {
    id: 'furnace',
    family: 'heating',
    names: ['furnace', 'furnaces', 'furnance', 'furnice', 'heater', 'heat', 'heating', 'heating system', 'forced air', 'gas furnace', 'pilot light', 'igniter', 'ignitor', 'flame sensor', 'blower motor', 'inducer'],
    problems: ['no heat', 'not heating', "won't heat", 'blowing cold air', 'cold air', 'house is cold', 'freezing in here', 'heat went out', 'heat is out', 'nothing kicks on', 'nothing comes on', 'heat never comes on', 'heat never kicks on'],
    es: ['calefaccion', 'calenton', 'horno de calefaccion', 'calefactor', 'no calienta', 'no hay calefaccion', 'sin calefaccion'],
  },
  {
    id: 'heat-pump',
    family: 'heat-pump',
    names: ['heat pump', 'heatpump', 'heat pumps', 'dual fuel'],
    es: ['bomba de calor'],
  },
  { id: 'commercial-hvac', family: 'commercial-hvac', names: ['rooftop unit', 'rooftop units', 'rtu', 'rtus', 'roof top unit', 'commercial unit', 'commercial hvac', 'commercial ac', 'package unit on the roof'], es: ['unidad en el techo', 'unidad comercial'] },
  // (A ductless heat pump: "Heat pump install" is the job for "one of those mini splits put in" where no mini-split
  // option is listed.)
  { id: 'mini-split', family: 'cooling', kindOf: 'heat-pump', names: ['mini split', 'minisplit', 'ductless', 'mitsubishi', 'daikin', 'fujitsu', 'wall unit'], es: ['minisplit', 'mini split', 'minisplits', 'aire mini split', 'aires mini split', 'aire minisplit', 'aires minisplit', 'aire tipo mini split', 'aires tipo mini split'] },
  // Vented room heaters that burn oil or gas (Alaska's Toyo and Monitor), and stoves that burn wood or pellets.
  { id: 'vented-heater', family: 'heating', names: ['toyo', 'toyotomi', 'toyo stove', 'toyo heater', 'monitor heater', 'monitor stove', 'laser 73', 'laser 56', 'laser 30', 'direct vent heater', 'oil stove', 'rinnai heater', 'empire heater', 'wall heater'], es: ['calentador de pared'] },
  { id: 'wood-stove', family: 'chimney', names: ['wood stove', 'wood stoves', 'woodstove', 'woodstoves', 'wood burning stove', 'wood burner', 'pellet stove', 'pellet stoves', 'fireplace insert', 'wood insert'], es: ['estufa de lena', 'estufa de pellets'] },
  { id: 'boiler', family: 'heating', names: ['boiler', 'radiator', 'radiators', 'hydronic', 'baseboard heat', 'radiant heat', 'radiant heating', 'radiant floor', 'radiant floors', 'in-floor heat', 'in floor heat'], es: ['caldera', 'radiador'] },
  // Electric baseboards are no boiler's: heaters on the wall, the house's heat described, not a hydronic system.
  { id: 'electric-heat', family: 'electric-heat', names: ['electric baseboard', 'electric baseboards', 'electric baseboard heat', 'electric baseboard heaters', 'electric heat', 'electric wall heater'], es: ['calentador electrico de zoclo'] },
  { id: 'thermostat', family: 'controls', names: ['thermostat', 'thermostats', 'thermastat', 'thermostate', 'nest', 'ecobee', 'smart thermostat', 'honeywell'], es: ['termostato'] },
  {
    id: 'ducts',
    family: 'air',
    names: ['duct', 'ducts', 'ductwork', 'duct work', 'air duct', 'air ducts', 'vents', 'vent', 'registers', 'air flow', 'airflow', 'dryer vent'],
    es: ['ductos', 'ducto', 'rejillas', 'ventilas'],
  },
  { id: 'air-quality', family: 'air', names: ['air quality', 'air filter', 'filter', 'filters', 'humidifier', 'dehumidifier', 'air purifier', 'uv light'], es: ['filtro', 'calidad del aire', 'humidificador'] },

  // ── Plumbing ────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'water-heater',
    family: 'water-heating',
    names: ['water heater', 'hot water heater', 'hot water tank', 'water tank', 'hwh', 'tankless', 'tankless heater', 'on demand', 'water heather', 'hot water heather', 'waterheater', 'ao smith', 'a o smith', 'bradford white', 'navien', 'rinnai', 'state water heater', 'rheem water heater', '40 gallon', '50 gallon', '40 gal', '50 gal', 'anode rod', 'pilot'],
    problems: ['no hot water', 'hot water ran out', 'hot water runs out', 'hot water keeps running out', 'runs out of hot water', 'running out of hot water', 'hot water running out', 'keeps running out', 'water is lukewarm', 'not getting hot water', 'only cold water', 'leaking from the bottom of the tank'],
    es: ['calentador de agua', 'calentador', 'boiler de agua', 'el boiler', 'boiler', 'bojler', 'agua caliente', 'no hay agua caliente', 'sin agua caliente', 'tanque de agua'],
  },
  {
    id: 'drain',
    family: 'drains',
    names: ['drain', 'drains', 'clog', 'clogged', 'clogging', 'backed up', 'backing up', 'backs up', 'slow drain', 'draining slow', 'drains slow', 'snake', 'rooter', 'hydro jet', 'hydrojetting', 'stopped up', 'sink', 'kitchen sink', 'bathroom sink', 'clogged sink', 'sink is clogged', 'sink clogged', 'shower drain', 'tub drain', 'floor drain'],
    problems: ["won't drain", 'not draining', 'water standing', 'standing water in the sink', 'gurgling', 'drains super slow', 'drains really slow', 'drains so slow', 'drains very slow', 'drains slowly', 'draining slowly', 'slow to drain', 'takes forever to drain'],
    es: ['drenaje', 'desague', 'tapado', 'tapada', 'tapon', 'atascado', 'atorado', 'no drena', 'no baja el agua', 'fregadero', 'lavabo', 'coladera'],
  },
  {
    id: 'toilet',
    family: 'toilet',
    names: ['toilet', 'toilets', 'toliet', 'toilit', 'commode', 'john', 'flapper', 'fill valve', 'wax ring'],
    problems: ['keeps running', 'running toilet', "won't flush", 'not flushing', 'toilet rocks', 'toilet overflowing'],
    es: ['inodoro', 'taza', 'escusado', 'excusado', 'sanitario', 'wc', 'el bano no jala'],
  },
  {
    id: 'faucet',
    family: 'faucet',
    names: ['faucet', 'faucets', 'fawcet', 'tap', 'shower valve', 'shower head', 'showerhead', 'moen', 'delta faucet', 'kohler', 'cartridge'],
    problems: ['dripping faucet', 'faucet drips', 'drips'],
    es: ['llave', 'grifo', 'llave de agua', 'regadera', 'mezcladora', 'gotea la llave'],
  },
  // The faucet outside, for the hose: a service of its own for some plumbers (it freezes), else a faucet.
  {
    id: 'spigot',
    family: 'faucet',
    partOf: 'faucet',
    names: ['spigot', 'spigots', 'hose bib', 'hose bibs', 'hose bibb', 'hose bibbs', 'hose bed', 'hose beds', 'hose bid', 'hose bit', 'outside faucet', 'outside faucets', 'outdoor faucet', 'outdoor faucets', 'outside spigot', 'outdoor spigot', 'outside tap', 'hose faucet', 'hose spigot', 'sillcock', 'sill cock', 'frost free faucet', 'frost free spigot', 'yard hydrant'],
    es: ['llave de afuera', 'llave de la manguera', 'llave exterior', 'llave del jardin'],
  },
  {
    id: 'pipe',
    family: 'pipes',
    names: ['pipe', 'pipes', 'piping', 'water line', 'supply line', 'pex', 'copper pipe', 'repipe', 're-pipe', 'pipe burst', 'burst pipe', 'pipe froze and split', 'pipe froze and burst', 'pipe froze and cracked', 'froze and split', 'froze and burst', 'froze and cracked', 'split pipe', 'pipe split', 'cracked pipe', 'pipe cracked', 'pinhole leak', 'leak under the sink', 'water leak', 'slab leak', 'shutoff valve', 'shut off valve', 'vent pipe', 'vent pipes', 'plumbing vent', 'plumbing vents', 'vent stack'],
    problems: ['leaking pipe', 'pipe leaking', 'pipe is leaking', 'water on the floor', 'wet spot', 'water stain'],
    es: ['tuberia', 'tubo', 'tubos', 'caneria', 'fuga de agua', 'se reviento un tubo', 'se revento un tubo', 'se revento la tuberia', 'se revento una tuberia', 'tubo reventado', 'tuberia reventada', 'se rompio un tubo', 'se rompio la tuberia', 'tubo roto'],
  },
  // A home looked after while its owners are away, opened before they come back and closed after they leave.
  { id: 'home-watch', family: 'home-watch', names: ['home watch', 'house watch', 'house watching', 'house check', 'house checks', 'home check', 'home checks', 'keep an eye on the house', 'keep an eye on the place', 'open up the place', 'open up the condo', 'open up the house', 'open the condo', 'open up our condo', 'open up our place', 'opening up the condo', 'close up the condo', 'close up the place', 'closing up the condo', 'get the place ready before we', 'get the condo ready'], es: ['cuidar la casa', 'revisar la casa', 'abrir la casa', 'abrir el condo'] },
  // Closing a seasonal place for the winter (and opening it again): draining the lines, antifreeze in the traps.
  { id: 'seasonal-plumbing', family: 'seasonal-plumbing', names: ['shut down for the winter', 'shut it down for the winter', 'close up for the winter', 'closing up for the winter', 'closed up for the winter', 'drain the lines', 'drain the pipes', 'antifreeze in the traps', 'winterize the camp', 'winterize the cabin', 'winterize the house', 'camp winterizing', 'cabin winterizing', 'house winterizing', 'winterizing the camp', 'open the camp', 'opening the camp', 'open up the camp', 'open the cabin', 'opening the cabin', 'open up the cabin', 'opening up the cabin', 'water turned back on', 'turn the water back on', 'turning the water back on', 'de-winterize', 'dewinterize', 'de-winterizing', 'dewinterizing'] },
  { id: 'frozen-pipe', family: 'pipes', names: ['frozen pipe', 'frozen pipes', 'pipes froze', 'pipe froze', 'pipes are frozen', 'pipe is frozen', 'froze up', 'froze', 'frozen', 'thaw', 'thawing', 'thawed', 'pipe let go', 'pipe gave way', 'pipe gave out', 'pipe blew', 'pipe popped', 'line let go'], es: ['tuberia congelada', 'tubo congelado', 'se congelo', 'congelada', 'congelado'] },
  // A leak or a drip, whatever leaks ("the toilet is leaking at the base", "roof leaking around the chimney").
  { id: 'leak', family: 'leaks', names: ['leak', 'leaks', 'leaking', 'leaked', 'leaky', 'drip', 'drips', 'dripping', 'dripped', 'sprays out', 'spraying out', 'sprays water', 'spraying water', 'squirts out', 'squirting'], es: ['fuga', 'fugas', 'gotea', 'goteando', 'goteo', 'gotera', 'goteras', 'se sale el agua', 'cayendo agua', 'cae agua', 'entra agua'] },
  { id: 'septic', family: 'septic', names: ['septic', 'septic tank', 'septic system', 'septic pumping', 'leach field', 'drain field', 'aerobic system'], es: ['fosa septica', 'pozo septico'] },
  { id: 'sewer', family: 'drains', names: ['sewer', 'sewer line', 'sewage', 'cleanout', 'clean out', 'lateral', 'camera inspection', 'sewer camera', 'main line', 'main drain', 'mainline', 'main sewer'], problems: ['comes up out of the floor drain', 'comes up the floor drain', 'coming up the drain', 'comes up out of the drain', 'smells like sewage', 'sewage smell', 'sewer smell', 'floor drain gurgles', 'every drain is slow', 'toilets are slow'], es: ['drenaje principal', 'aguas negras', 'alcantarilla'] },
  { id: 'disposal', family: 'disposal', names: ['garbage disposal', 'disposal', 'disposer', 'insinkerator', 'garbage disposer', 'in sink erator'], es: ['triturador', 'triturador de basura', 'moledor'] },
  // A private well's pump and pressure tank ("well" alone is too common a word: "as well", "well, …").
  {
    id: 'well-pump',
    family: 'well',
    names: ['well pump', 'well pumps', 'well system', 'well tank', 'well water', 'water well', 'pressure tank', 'pressure tanks', 'bladder tank', 'well x trol', 'well-x-trol', 'pressure switch', 'jet pump', 'submersible pump', 'our well', 'my well', 'the well', 'on a well', 'have a well'],
    problems: ['pump clicks on and off', 'pump keeps clicking', 'click on click off', 'clicks on and off', 'pump keeps cycling', 'pump short cycling', 'pump runs constantly', 'pump keeps running', 'lost water pressure'],
    es: ['bomba del pozo', 'pozo', 'tanque de presion', 'agua de pozo'],
  },
  { id: 'sump-pump', family: 'pumps', names: ['sump pump', 'sump', 'sump pit', 'ejector pump', 'sewage pump', 'battery backup pump'], es: ['bomba de sumidero', 'bomba de achique'] },
  { id: 'gas-line', family: 'gas', names: ['gas line', 'gas pipe', 'gas piping', 'gas hookup', 'gas stove hookup', 'gas meter'], es: ['linea de gas', 'tuberia de gas'] },
  { id: 'water-softener', family: 'water-treatment', names: ['water softener', 'softener', 'water filter', 'filtration', 'reverse osmosis', 'ro system', 'hard water'], es: ['suavizador', 'filtro de agua'] },
  { id: 'shower', family: 'shower', names: ['shower', 'tub', 'bathtub', 'bath tub', 'shower pan', 'tub spout'], es: ['regadera', 'la tina', 'una tina', 'tina de bano', 'banera', 'ducha'] },

  // ── Electrical ──────────────────────────────────────────────────────────────────────────────────────────────
  // Power lost in part of the house: the trouble itself, whatever is behind it.
  {
    id: 'power-out',
    family: 'power-loss',
    names: ['no power', 'power out', 'power is out', 'lost power', 'losing power', 'without power', 'power outage', 'no electricity', 'part of the house', 'half the house', 'half my house', 'half our house', 'dead circuit', 'lights went out', 'lost half'],
    problems: ['has no power', 'have no power', 'no power to', 'lost power to', 'power went out'],
    es: ['sin luz', 'no hay luz', 'se fue la luz', 'no tenemos luz', 'media casa sin luz'],
  },
  {
    id: 'panel',
    family: 'power',
    names: ['panel', 'electrical panel', 'electric panel', 'breaker panel', 'breaker box', 'breakers', 'breaker', 'fuse box', 'fuses', 'service panel', 'main panel', 'subpanel', 'sub panel', '200 amp', '100 amp', '200a', 'service upgrade', 'meter base', 'federal pacific', 'zinsco'],
    problems: ['breaker keeps tripping', 'breaker trips', 'keeps tripping', 'tripping the breaker', 'power keeps going out', 'breaker flips', 'keeps flipping', 'breaker pops', 'breaker keeps popping'],
    es: ['panel electrico', 'caja de breakers', 'breakers', 'pastillas', 'caja de fusibles', 'se bota el breaker', 'se baja la pastilla'],
  },
  {
    id: 'outlet',
    family: 'wiring-devices',
    names: ['outlet', 'outlets', 'plug', 'plugs', 'receptacle', 'receptacles', 'recepticle', 'gfci', 'gfi', 'usb outlet', '220 outlet', '240 outlet', 'dryer outlet', 'socket'],
    problems: ['outlet not working', 'no power to the outlet', 'dead outlet'],
    es: ['enchufe', 'enchufes', 'contacto', 'contactos', 'tomacorriente', 'toma de corriente'],
  },
  { id: 'switch', family: 'wiring-devices', names: ['switch', 'switches', 'light switch', 'dimmer', 'dimmers', 'three way switch', '3 way switch'], es: ['apagador', 'interruptor', 'switch'] },
  {
    id: 'lighting',
    family: 'lighting',
    names: ['light', 'lights', 'lighting', 'light fixture', 'fixture', 'fixtures', 'recessed lights', 'recessed lighting', 'can lights', 'pot lights', 'chandelier', 'pendant', 'pendants', 'under cabinet lights', 'landscape lighting', 'flood light', 'floodlight', 'motion light', 'led'],
    problems: ['lights flickering', 'lights flicker', 'light out'],
    es: ['luz', 'luces', 'lampara', 'lamparas', 'iluminacion', 'foco', 'focos'],
  },
  { id: 'ceiling-fan', family: 'lighting', names: ['ceiling fan', 'ceiling fans', 'fan', 'fans'], es: ['ventilador', 'ventilador de techo', 'abanico'] },
  {
    id: 'ev-charger',
    family: 'ev',
    names: ['ev charger', 'ev chargers', 'car charger', 'tesla', 'model y', 'model 3', 'model s', 'model x', 'cybertruck', 'mach-e', 'mach e', 'ioniq', 'chevy bolt', 'nissan leaf', 'f-150 lightning', 'f150 lightning', 'wall charger', 'home charger', 'rivian', 'electric car', 'electric vehicle', 'electric car charger', 'tesla charger', 'tesla wall connector', 'wall connector', 'level 2', 'level 2 charger', 'nema 14-50', '14-50', 'charging station', 'ev charging', 'chargepoint', 'juicebox'],
    es: ['cargador', 'cargador de carro', 'cargador para carro electrico', 'cargador electrico'],
  },
  { id: 'wiring', family: 'wiring', names: ['wiring', 'rewire', 'rewiring', 're-wire', 'knob and tube', 'aluminum wiring', 'wires', 'wire', 'electrical work', 'circuit', 'circuits', 'dedicated circuit', 'new circuit', 'line run', 'run a line', 'run a new line', 'new line', 'dedicated line', '240 line', '240v line', '50 amp line', '50 amp circuit', '30 amp circuit', '20 amp circuit', 'disconnect', 'spa disconnect'], es: ['cableado', 'cables', 'instalacion electrica', 'circuito'] },
  // Power to a building apart from the house: "my dad built a shop out back and needs power run out to it".
  { id: 'outbuilding-power', family: 'outbuilding', names: ['outbuilding', 'outbuildings', 'shop wiring', 'barn wiring', 'shed wiring', 'power to the shop', 'power to the barn', 'power to the shed', 'power out to', 'power run out', 'power ran out', 'run power', 'run power out', 'power run to', 'wire the shop', 'wire the barn', 'wire the shed', 'wire up the shop', 'wire up the barn', 'electric to the shop', 'electric to the barn', 'electricity to the shop', 'electricity to the barn'], es: ['luz al taller', 'luz a la bodega', 'luz al granero', 'electricidad al taller'] },
  { id: 'generator', family: 'power', names: ['generator', 'generators', 'generac', 'standby generator', 'transfer switch', 'interlock'], es: ['generador', 'planta de luz'] },
  { id: 'solar', family: 'solar', names: ['solar', 'solar panel', 'solar panels', 'solar system', 'photovoltaic', 'pv system', 'pv panels'], es: ['paneles solares', 'panel solar', 'solar'] },
  { id: 'smoke-detector', family: 'safety-devices', names: ['smoke detector', 'smoke detectors', 'smoke alarm', 'smoke alarms', 'co detector', 'carbon monoxide detector'], es: ['detector de humo', 'alarma de humo'] },

  // ── The kind of place (a modifier: "House moves", "Apartment cleaning"; never what a service is about alone) ──
  { id: 'property-house', family: 'property', names: ['house', 'home', 'townhouse', 'town house', 'rowhome', 'row home', 'single family', 'ranch', 'two story', 'split level', 'duplex'], es: ['casa'] },
  { id: 'property-apartment', family: 'property', names: ['apartment', 'apt', 'condo', 'studio', 'flat', 'walk up', 'walkup', 'loft', 'unit'], es: ['apartamento', 'departamento', 'depa', 'estudio', 'condominio'] },
  // A college dorm: a kind of place of its own when an owner lists a dorm move apart ("College / dorm move").
  { id: 'property-dorm', family: 'property', names: ['dorm', 'dorms', 'dorm room', 'dormitory', 'residence hall', 'res hall'], es: ['dormitorio universitario', 'residencia estudiantil'] },
  // The garage as a building ("a 2 car garage", "detached garage"): its size or kind, not a garage door job.
  { id: 'property-garage', family: 'property', names: ['car garage', 'one car garage', 'single car garage', 'two car garage', 'double car garage', 'three car garage', 'detached garage', 'attached garage'], es: ['cochera para un carro', 'cochera para dos carros', 'cochera doble'] },
  { id: 'property-office', family: 'property', names: ['office', 'business', 'small business', 'store', 'shop', 'commercial', 'restaurant', 'warehouse', 'suite'], es: ['oficina', 'negocio', 'el local', 'un local', 'mi local', 'nuestro local', 'local comercial', 'tienda'] },

  // ── Moving ──────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'local-move',
    family: 'moving',
    names: ['move', 'moving', 'movers', 'mover', 'local move', 'in town move', 'across town', 'relocate', 'relocating', 'move out', 'moving out', 'moving in'],
    es: ['mudanza', 'mudarme', 'mudarnos', 'mudar', 'cambio de casa'],
  },
  { id: 'long-distance-move', family: 'moving', names: ['long distance', 'long-distance', 'out of state', 'cross country', 'interstate', 'across the country', 'to another state'], es: ['larga distancia', 'a otro estado', 'fuera del estado'] },
  // A parent moving to a smaller place or to care: movers list it as a service of its own ("Senior move").
  { id: 'senior-move', family: 'moving', names: ['senior move', 'senior moves', 'senior moving', 'downsizing', 'downsize', 'downsizing move', 'into assisted living', 'to assisted living', 'into senior living', 'to senior living', 'into a retirement community', 'into memory care', 'into a nursing home', 'to a nursing home'], es: ['asilo', 'casa de retiro', 'residencia de ancianos'] },
  { id: 'packing', family: 'packing', names: ['packing', 'pack', 'packers', 'unpacking', 'unpack', 'pack boxes', 'box up', 'packing service', 'full pack'], es: ['empacar', 'empaque', 'empacar cajas', 'desempacar'] },
  { id: 'piano', family: 'moving-specialty', names: ['piano', 'pianos', 'upright piano', 'upright pianos', 'uprights', 'upright', 'spinet', 'console piano'], es: ['piano', 'piano vertical'] },
  { id: 'grand-piano', family: 'moving-specialty', names: ['grand piano', 'grand pianos', 'baby grand', 'baby grand piano', 'grands', 'concert grand'], es: ['piano de cola'] },
  { id: 'hot-tub', family: 'hot-tub', names: ['hot tub', 'hot tubs', 'hottub', 'spa', 'jacuzzi', 'swim spa'], es: ['jacuzzi', 'tina de hidromasaje', 'hidromasaje'] },
  { id: 'heavy-item', family: 'moving-specialty', names: ['safe', 'gun safe', 'pool table', 'hot tub move', 'heavy item', 'heavy items', 'treadmill'], es: ['caja fuerte', 'mesa de billar'] },
  { id: 'labor-only', family: 'moving', names: ['labor only', 'loading', 'unloading', 'load a truck', 'unload a truck', 'load my pod', 'pod', 'pods', 'uhaul', 'u-haul', 'penske', 'load the truck', 'help loading'], es: ['cargar', 'descargar', 'cargar el camion'] },
  { id: 'storage', family: 'moving', names: ['storage', 'storage unit', 'store my stuff'], es: ['almacenaje', 'bodega', 'almacen'] },
  { id: 'office-move', family: 'moving', names: ['office move', 'commercial move', 'business move', 'moving our office', 'office moves'], es: ['mudanza de oficina'] },

  // ── Cleaning ────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'standard-clean',
    family: 'cleaning',
    names: ['house cleaning', 'housecleaning', 'cleaning', 'clean', 'cleaner', 'cleaners', 'maid', 'maid service', 'housekeeper', 'housekeeping', 'regular cleaning', 'standard cleaning', 'standard clean', 'recurring cleaning', 'weekly cleaning', 'biweekly cleaning', 'every other week', 'basic clean', 'tidy up'],
    es: ['limpieza', 'limpiar', 'limpie', 'limpien', 'limpiara', 'limpieza de casa', 'limpieza de la casa', 'limpieza regular', 'muchacha', 'sirvienta'],
  },
  { id: 'deep-clean', family: 'cleaning', names: ['deep clean', 'deep cleaning', 'deepclean', 'spring cleaning', 'top to bottom', 'thorough clean', 'detailed clean', 'baseboards'], es: ['limpieza profunda', 'limpieza a fondo', 'una profunda', 'la profunda', 'a fondo'] },
  { id: 'move-clean', family: 'cleaning', names: ['move in move out', 'move in out', 'move in move out cleaning', 'move out clean', 'move out cleaning', 'move-out clean', 'move-out cleaning', 'move in clean', 'move in cleaning', 'move-in cleaning', 'end of lease', 'end of tenancy', 'get my deposit back', 'deposit back', 'after we move out', 'before we move in'], es: ['limpieza de mudanza', 'limpieza de salida', 'recuperar el deposito', 'entregar el departamento', 'entregar mi departamento', 'entregar la casa', 'entregar el apartamento', 'entregar mi apartamento', 'me salgo', 'nos salimos', 'me mudo', 'nos mudamos', 'me voy a mudar', 'nos vamos a mudar', 'regresen el deposito', 'devuelvan el deposito', 'cuando ya este vacio', 'cuando este vacio'] },
  { id: 'carpet-clean', family: 'cleaning-specialty', names: ['carpet', 'carpets', 'carpet cleaning', 'rug', 'rugs', 'upholstery', 'steam clean', 'shampoo the carpet', 'stains on the carpet'], es: ['alfombra', 'alfombras', 'tapete', 'tapetes', 'tapiceria'] },
  { id: 'window-clean', family: 'cleaning-specialty', names: ['window cleaning', 'windows', 'window washing', 'wash windows', 'clean windows', 'screens'], es: ['ventanas', 'limpieza de ventanas', 'vidrios'] },
  // Smoke and ash that got into a house from a wildfire (or a small kitchen fire): a cleaning of its own.
  { id: 'smoke-clean', family: 'cleaning-specialty', names: ['smoke cleanup', 'smoke clean up', 'smoke cleaning', 'smoke damage', 'smoke and ash', 'smoke & ash', 'ash cleanup', 'wildfire smoke', 'fire smoke', 'soot'], es: ['ceniza', 'cenizas', 'hollin', 'limpieza de humo'] },
  { id: 'construction-clean', family: 'cleaning-specialty', names: ['post construction', 'post-construction', 'after construction', 'renovation cleanup', 'construction dust', 'after the remodel'], es: ['despues de construccion', 'limpieza de obra'] },
  { id: 'office-clean', family: 'cleaning-commercial', names: ['office cleaning', 'commercial cleaning', 'janitorial', 'clean our office', 'clean offices', 'clean small offices', 'clean an office', 'clean the office', 'clean office', 'office space', 'accounting office', 'dental office', 'law office', 'medical office'], es: ['limpieza de oficina', 'limpieza de oficinas', 'limpieza de la oficina', 'limpiar la oficina', 'limpiar oficinas', 'limpiar nuestra oficina', 'limpieza del local', 'limpiar el local', 'limpieza del negocio', 'limpieza comercial'] },
  { id: 'rental-turnover', family: 'cleaning', names: ['airbnb', 'vrbo', 'short term rental', 'turnover', 'turnovers', 'rental turnover', 'between guests'], es: ['airbnb'] },

  // ── Roofing ─────────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'roof',
    family: 'roof',
    names: ['roof', 'roofs', 'roofing', 'shingle', 'shingles', 'reroof', 're-roof', 'tear off', 'new roof', 'asphalt shingles', 'ridge cap', 'ridge vent', 'decking', 'underlayment', 'soffit', 'fascia', 'rooof'],
    problems: ['shingles blew off', 'missing shingles', 'water spot on the ceiling'],
    es: ['techo', 'tejas', 'teja', 'gotera', 'goteras', 'impermeabilizar', 'impermeabilizacion', 'techo nuevo', 'lamina'],
  },
  // Roofs of a material some roofers list apart ("Slate repair", "Metal roof"), else the roof.
  { id: 'slate-roof', family: 'roof', partOf: 'roof', names: ['slate', 'slates', 'slate roof', 'slate roofs', 'slate tile', 'slate tiles', 'slate shingles'], es: ['pizarra'] },
  { id: 'metal-roof', family: 'roof', partOf: 'roof', names: ['metal roof', 'metal roofs', 'metal roofing', 'standing seam', 'tin roof', 'steel roof'], es: ['techo de lamina', 'techo metalico'] },
  { id: 'tile-roof', family: 'roof', partOf: 'roof', names: ['tile roof', 'tile roofs', 'clay tile', 'clay tiles', 'concrete tile', 'concrete tiles', 'spanish tile', 'barrel tile'], es: ['teja de barro', 'techo de teja'] },
  // What goes through a roof and is sealed around: listed apart by some roofers ("Flashing & pipe boots"), else the roof.
  { id: 'roof-penetration', family: 'roof', partOf: 'roof', names: ['flashing', 'step flashing', 'pipe flashing', 'vent flashing', 'pipe boot', 'pipe boots', 'vent boot', 'vent boots', 'rubber boot', 'rubber boots', 'plumbing boot', 'plumbing boots', 'pipe collar', 'pipe collars', 'roof jack', 'roof jacks', 'vent pipe boot', 'vent pipe boots'], es: ['botas de ventilacion', 'tapajuntas'] },
  { id: 'ice-dam', family: 'roof', names: ['ice dam', 'ice dams', 'icicles', 'icicle', 'ridge of ice', 'ice on the roof', 'ice buildup', 'ice build up', 'ice along the edge'], es: ['hielo en el techo', 'carambanos'] },
  { id: 'flat-roof', family: 'roof', names: ['flat roof', 'tpo', 'epdm', 'rubber roof', 'modified bitumen', 'torch down', 'foam roof', 'foam roofs', 'foam roofing', 'spray foam roof', 'foam coating', 'roof coating', 'elastomeric coating', 'silicone coating', 'the foam kind', 'flat part'], es: ['techo plano', 'techo de foam', 'techo de espuma'] },
  { id: 'storm-damage', family: 'roof', names: ['hail', 'hail damage', 'hailstorm', 'hail storm', 'storm damage', 'wind damage', 'wind', 'winds', 'high winds', 'windstorm', 'wind storm', 'insurance claim', 'adjuster', 'tree limb', 'came through the roof', 'through the roof', 'fell on the roof', 'fell on our roof', 'limb on the roof', 'tree on the roof', 'blew off', 'blown off', 'shingles blew off', 'shingles blown off', 'missing shingles', 'pieces of my roof', 'pieces of the roof', 'pieces of our roof', 'shingles in the yard', 'shingles all over the yard'], es: ['granizo', 'granizada', 'tormenta', 'ajustador', 'dano por tormenta', 'seguro', 'se volaron', 'se volo', 'se las llevo el viento', 'se los llevo el viento'] },
  { id: 'gutters', family: 'gutters', names: ['gutter', 'gutters', 'guttering', 'downspout', 'downspouts', 'eaves', 'eavestrough'], es: ['canaleta', 'canaletas', 'canales', 'bajante', 'desagues del techo'] },
  // A tarp over a hole until the repair: what someone with a tree or a hole in the roof asks for first.
  { id: 'roof-tarp', family: 'roof', names: ['tarp', 'tarps', 'tarping', 'tarped', 'emergency tarp', 'blue tarp', 'tarp it', 'tarp on it', 'tarp over it', 'hole in the roof', 'hole in our roof', 'hole in my roof', 'hole in roof', 'punched a hole', 'punched through', 'went through the roof', 'raining in', 'rain coming in', 'rain is coming in', 'buckets and towels'], es: ['lona', 'lonas', 'tapar el techo', 'tapar el hoyo'] },
  // Covers that keep leaves out of gutters: a thing of their own, not the gutters.
  { id: 'gutter-guard', family: 'gutters', partOf: 'gutters', names: ['gutter guard', 'gutter guards', 'leaf guard', 'leaf guards', 'gutter covers', 'gutter screens', 'leaf filter', 'leaffilter', 'gutter helmet'] },
  { id: 'skylight', family: 'roof', names: ['skylight', 'skylights', 'sky light'], es: ['tragaluz', 'domo'] },
  // Moss, lichen and algae on a roof: a cleaning and treatment some roofers list apart ("Moss removal & treatment").
  { id: 'roof-moss', family: 'roof', partOf: 'roof', names: ['moss', 'mossy', 'moss removal', 'moss treatment', 'moss off the roof', 'moss off roof', 'lichen', 'roof algae', 'algae streaks', 'black streaks', 'zinc strips', 'roof cleaning', 'clean the roof'], es: ['musgo', 'limpieza del techo'] },
  { id: 'chimney', family: 'chimney', names: ['chimney', 'chimney cap', 'chimney flashing', 'chimney sweep', 'fireplace'], es: ['chimenea'] },

  // ── Pest control ────────────────────────────────────────────────────────────────────────────────────────────
  { id: 'ants', family: 'insects', names: ['ant', 'ants', 'fire ants', 'carpenter ants', 'sugar ants', 'anthill', 'ant hill'], es: ['hormiga', 'hormigas'] },
  { id: 'roaches', family: 'insects', names: ['roach', 'roaches', 'cockroach', 'cockroaches', 'german roaches', 'palmetto bugs', 'water bugs', 'roachs'], es: ['cucaracha', 'cucarachas'] },
  {
    id: 'rodents',
    family: 'rodents',
    names: ['mouse', 'mice', 'rat', 'rats', 'rodent', 'rodents', 'droppings everywhere', 'found droppings', 'mouse droppings', 'rat droppings', 'chewed', 'gnawing', 'scratching in the walls', 'scratching in the attic', 'scratching in the ceiling', 'running in the ceiling', 'running around in the ceiling', 'tiny feet', 'little feet', 'black rice', 'rice looking', 'droppings', 'something in the attic', 'something in the walls', 'something living in the crawlspace', 'something living', 'critter', 'critters', 'vole', 'voles', 'gopher', 'gophers'],
    es: ['raton', 'ratones', 'rata', 'ratas', 'roedores', 'roedor', 'excremento de raton', 'ruidos en el techo', 'algo en el atico'],
  },
  { id: 'termites', family: 'wood-pests', names: ['termite', 'termites', 'termite inspection', 'wdi', 'wood destroying', 'swarmers', 'mud tubes', 'frass'], es: ['termita', 'termitas', 'comejen'] },
  { id: 'bed-bugs', family: 'insects', names: ['bed bug', 'bed bugs', 'bedbug', 'bedbugs', 'bites at night', 'heat treatment', 'bed bug heat treatment', 'mattress seam', 'mattress seams'], es: ['chinche', 'chinches', 'chinches de cama'] },
  { id: 'stinging', family: 'stinging', names: ['wasp', 'wasps', 'wasp nest', 'hornet', 'hornets', 'yellow jacket', 'yellow jackets', 'yellowjackets', 'bee', 'bees', 'bee hive', 'beehive', 'hive', 'nest', 'paper wasps'], es: ['avispa', 'avispas', 'abeja', 'abejas', 'panal', 'avispero', 'nido'] },
  { id: 'mosquitoes', family: 'insects', names: ['mosquito', 'mosquitoes', 'mosquitos', 'mosquito treatment', 'skeeters'], es: ['mosquito', 'mosquitos', 'zancudos', 'zancudo'] },
  { id: 'scorpions', family: 'insects', names: ['scorpion', 'scorpions', 'bark scorpion', 'bark scorpions'], es: ['alacran', 'alacranes', 'escorpion', 'escorpiones'] },
  { id: 'spiders', family: 'insects', names: ['spider', 'spiders', 'black widow', 'brown recluse', 'webs'], es: ['arana', 'aranas'] },
  { id: 'wildlife', family: 'wildlife', names: ['raccoon', 'raccoons', 'squirrel', 'squirrels', 'possum', 'opossum', 'skunk', 'bat', 'bats', 'snake', 'snakes', 'rat snake', 'garter snake', 'king snake', 'black snake', 'corn snake', 'water snake', 'armadillo', 'bird', 'birds', 'pigeons', 'wildlife', 'animal in the attic', 'animal'], es: ['mapache', 'ardilla', 'ardillas', 'tlacuache', 'zarigueya', 'zorrillo', 'murcielago', 'murcielagos', 'vibora', 'culebra', 'pajaros', 'palomas'] },
  { id: 'fleas-ticks', family: 'insects', names: ['flea', 'fleas', 'tick', 'ticks', 'chiggers'], es: ['pulga', 'pulgas', 'garrapata', 'garrapatas'] },
  { id: 'general-pest', family: 'insects', names: ['pest', 'pests', 'pest control', 'bug service', 'bug spray', 'bug treatment', 'bug man', 'bug guy', 'bug company', 'pest service', 'pest treatment', 'quarterly bug service', 'bugs', 'bug', 'insects', 'exterminator', 'exterminate', 'spray', 'spraying', 'quarterly service', 'perimeter spray', 'silverfish', 'earwigs', 'crickets', 'centipedes', 'stink bugs', 'beetles', 'gnats', 'fruit flies', 'flies', 'pantry bugs', 'pantry moths', 'pantry pests', 'weevils', 'flour beetles', 'brown bugs', 'tiny bugs', 'little bugs'], es: ['plaga', 'plagas', 'bichos', 'insectos', 'fumigar', 'fumigacion', 'fumigador', 'control de plagas'] },

  // ── Landscaping ─────────────────────────────────────────────────────────────────────────────────────────────
  { id: 'drainage', family: 'drainage', names: ['drainage', 'french drain', 'french drains', 'yard drain', 'dry well', 'regrade', 'regrading', 'grading', 'water pools', 'water pooling', 'pools of water', 'puddles in the yard', 'standing water in the yard', 'yard floods', 'soggy yard', 'swampy', 'water goes somewhere else', 'downspout extension', 'drain the yard', 'water sits', 'water just sits', 'water sitting in', 'pooling up', 'pooling against', 'pools against', 'pools up', 'soggy', 'stays wet', 'stays soggy'], es: ['drenaje del patio', 'se encharca', 'charcos en el patio'] },
  {
    id: 'mowing',
    family: 'lawn',
    names: ['mow', 'mowing', 'mowed', 'lawn', 'lawns', 'grass', 'cut the grass', 'grass cutting', 'lawn care', 'lawn service', 'yard', 'yard work', 'yard maintenance', 'edging', 'weed eating', 'weedeating', 'weed whacking', 'string trimming', 'lawn mowing', 'patio de atras', 'patio de enfrente', 'patio de adelante', 'patio trasero', 'patio delantero'],
    problems: ['grass is too long', 'grass is getting long', 'yard is overgrown', 'overgrown'],
    es: ['cortar el pasto', 'pasto', 'cesped', 'zacate', 'jardin', 'yarda', 'podar el pasto', 'corte de pasto'],
  },
  // Wild growth cut back or cleared, not a hedge kept trimmed: "honeysuckle and poison ivy grown up through the fence".
  { id: 'brush', family: 'clearing', names: ['brush', 'underbrush', 'brush clearing', 'brush removal', 'overgrowth', 'honeysuckle', 'poison ivy', 'poison oak', 'kudzu', 'briars', 'brambles', 'blackberry brambles', 'thicket', 'lot clearing', 'land clearing', 'clear the lot'], es: ['maleza', 'monte', 'breña', 'hierba mala'] },
  { id: 'hedges', family: 'trimming', names: ['hedge', 'hedges', 'shrub', 'shrubs', 'bush', 'bushes', 'trim the bushes', 'hedge trimming', 'pruning', 'prune', 'holly', 'hollies', 'boxwood', 'boxwoods', 'yew', 'yews', 'privet', 'arborvitae', 'azalea', 'azaleas', 'juniper', 'junipers', 'overgrown bushes', 'cut back the bushes', 'oleander', 'oleanders', 'hibiscus', 'ixora', 'bougainvillea', 'photinia', 'ligustrum', 'lantana', 'rose bushes', 'roses', 'crepe myrtle', 'crape myrtle'], es: ['arbustos', 'setos', 'podar', 'poda'] },
  { id: 'trees', family: 'trees', names: ['tree', 'trees', 'tree trimming', 'tree removal', 'limb', 'limbs', 'branches', 'dead tree', 'stump', 'stumps', 'stump grinding', 'arborist', 'oak', 'palm tree', 'palm trees', 'palo verde', 'mesquite tree', 'maple', 'pine', 'pines', 'willow', 'cottonwood', 'elm', 'juniper tree', 'ash tree', 'birch', 'birches', 'spruce tree', 'spruce trees', 'blue spruce', 'fir tree', 'fir trees', 'douglas fir', 'cedar tree', 'sycamore', 'poplar', 'poplars', 'aspen', 'aspens', 'walnut tree', 'hickory', 'magnolia tree', 'redwood', 'cypress tree', 'cypress trees', 'leyland cypress', 'hemlock', 'locust tree', 'beech', 'alder', 'dogwood', 'sweetgum', 'gum tree', 'pecan tree', 'live oak', 'mulberry', 'cherry tree', 'apple tree', 'pear tree', 'bradford pear'], es: ['arbol', 'arboles', 'ramas', 'tronco', 'tocon', 'palmera', 'palmeras', 'palma', 'palmas'] },
  { id: 'cleanup', family: 'cleanup', names: ['leaf', 'leaves', 'leaf removal', 'leaf cleanup', 'fall cleanup', 'spring cleanup', 'winter cleanup', 'yard cleanup', 'spring clean up', 'spring clean ups', 'spring cleanups', 'spring clean-up', 'fall clean up', 'fall clean ups', 'fall cleanups', 'fall clean-up', 'yard clean up', 'yard clean ups', 'debris cleanup', 'clean up the yard', 'clean up the backyard', 'cleaning up the yard', 'cleaning up the backyard', 'clean out the yard', 'clean out the backyard', 'yard needs cleaning', 'yard needs cleaning up', 'yard needs cleaned up', 'backyard needs cleaning', 'backyard needs cleaning up', 'backyard needs cleaned up', 'yard cleaned up', 'backyard cleaned up', 'debris', 'raking', 'rake', 'small limbs', 'twigs', 'sawdust', 'pine cones', 'pine needles', 'acorns'], es: ['hojas', 'limpieza del jardin', 'limpieza de yarda', 'recoger hojas'] },
 // (Pine straw is a mulch of the South, not a pine tree.)
  { id: 'mulch', family: 'beds', names: ['mulch', 'mulching', 'pine straw', 'pinestraw', 'pine bark', 'flower beds', 'flower bed', 'beds', 'planting', 'plants', 'flowers', 'garden beds', 'rock beds', 'river rock'], es: ['mantillo', 'flores', 'plantas', 'jardineras'] },
  { id: 'sod', family: 'lawn-install', names: ['sod', 'seed', 'seeding', 'overseeding', 'new lawn', 'turf', 'artificial turf', 'bare spots', 'st augustine', 'saint augustine', 'bermuda grass', 'zoysia', 'fescue', 'bluegrass', 'buffalo grass', 'bare dirt patch', 'bare patch'], es: ['pasto nuevo', 'sembrar pasto', 'pasto en rollo', 'semilla'] },
  { id: 'irrigation', family: 'irrigation', names: ['sprinkler', 'sprinklers', 'sprinkler system', 'irrigation', 'drip system', 'drip line', 'sprinkler head', 'sprinkler heads', 'backflow', 'controller', 'rain bird', 'hunter controller', 'winterize', 'blowout', 'blow out'], es: ['riego', 'sistema de riego', 'aspersores', 'regaderas del jardin'] },
  // Rock and decomposed granite spread in a yard (not "river rock" beds, which are mulch work).
  { id: 'landscape-rock', family: 'beds', names: ['decomposed granite', 'granite', 'gravel', 'landscape rock', 'crushed rock', 'rock', 'rocks', 'pea gravel'], es: ['piedra', 'piedras', 'granito', 'grava', 'piedrita', 'piedritas'] },
  { id: 'hardscape', family: 'hardscape', names: ['patio', 'pavers', 'paver', 'retaining wall', 'walkway', 'stone wall', 'fire pit', 'hardscape', 'hardscaping', 'flagstone'], es: ['adoquines', 'muro de contencion', 'banqueta', 'andador'] },
  { id: 'snow', family: 'snow', names: ['snow', 'snow removal', 'plow', 'plowing', 'snow plowing', 'shovel', 'shoveling', 'salting', 'ice removal'], es: ['nieve', 'quitar la nieve'] },
  { id: 'lawn-treatment', family: 'lawn-treatment', names: ['fertilize', 'fertilizer', 'fertilizing', 'weed control', 'weeds', 'crabgrass', 'aeration', 'aerate', 'aerating', 'grub', 'grubs', 'dethatch', 'dethatching'], es: ['fertilizar', 'fertilizante', 'maleza', 'hierba mala', 'aireacion'] },
  { id: 'landscape-design', family: 'design', names: ['landscape design', 'landscaping design', 'redesign', 'redo the front yard', 'makeover', 'curb appeal', 'landscaping'], es: ['diseno de jardin', 'paisajismo'] },
  { id: 'driveway', family: 'paving', names: ['driveway', 'driveways', 'asphalt', 'sealcoat', 'seal coat', 'concrete driveway'], es: ['entrada', 'cochera de concreto'] },
  { id: 'gate', family: 'gates', names: ['gate', 'gates', 'driveway gate', 'driveway gates', 'gate opener', 'automatic gate'], es: ['porton', 'reja', 'puerta de la reja'] },
  { id: 'fence', family: 'fence', names: ['fence', 'fences', 'fencing', 'fence post', 'fence posts', 'picket', 'privacy fence', 'chain link'], es: ['la cerca', 'una cerca', 'cerca de madera', 'cerca de malla', 'barda', 'cerco', 'malla'] },

  // ── Garage doors ────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'garage-spring',
    family: 'garage-door',
    names: ['spring', 'springs', 'torsion spring', 'torsion springs', 'extension spring', 'broken spring', 'spring snapped', 'spring broke', 'loud bang', 'heard a bang', 'like a gunshot', 'sounded like a gunshot', 'bang like a gunshot'],
    problems: ["door won't open", 'door wont open', "door won't go up", "door won't budge", 'door wont budge', 'in two pieces', 'snapped in two', 'snapped in half', 'split in half', 'is snapped', 'broke in half', 'way too heavy', 'spring is broken', 'spring broke', 'door is really heavy', 'heavy door', 'weighs a ton', 'too heavy to lift', 'only opens a few inches', 'se rompio el resorte', 'resorte roto', 'se quebro el resorte', 'se reviento el resorte', 'la puerta no sube', 'no sube la puerta'],
    es: ['resorte', 'resortes', 'muelle'],
  },
  {
    id: 'garage-opener',
    family: 'garage-door',
    names: ['opener', 'openers', 'garage door opener', 'garage door openers', 'garage opener', 'garage openers', 'motor', 'liftmaster', 'chamberlain', 'genie', 'craftsman opener', 'myq', 'wall button'],
    problems: ['opener hums', 'door reverses', 'goes down then back up'],
    es: ['abridor', 'motor del porton'],
  },
  // What works the opener: remotes, keypads, the car's button, and the safety eyes by the floor that make it reverse.
  {
    id: 'garage-accessory',
    family: 'garage-door',
    partOf: 'garage-opener',
    names: ['remote', 'remotes', 'clicker', 'clickers', 'keypad', 'keypads', 'key pad', 'keyless entry', 'homelink', 'home link', 'car button', 'safety sensor', 'safety sensors', 'sensor', 'sensors', 'photo eye', 'photo eyes', 'electric eye', 'electric eyes', 'safety eye', 'safety eyes', 'eye thing', 'little eye', 'eyes'],
    problems: ['remote stopped working', 'sensor light blinking', 'sensor is blinking', 'sensors are misaligned', 'sensor got knocked'],
    es: ['control remoto', 'control del porton', 'control de la cochera', 'control del garaje', 'sensores', 'sensor', 'teclado'],
  },
  {
    id: 'garage-door',
    family: 'garage-door',
    kindOf: 'door',
    names: ['garage door', 'garage doors', 'overhead door', 'roll up door', 'garage', 'hinges', 'clopay', 'amarr', 'wayne dalton'],
    problems: ['door is stuck', 'door is noisy'],
    es: ['puerta de garaje', 'puerta de la cochera', 'porton del garaje', 'cochera', 'garaje'],
  },
  // The parts of a garage door an owner lists as services of their own ("Door off track", "Weather seal").
  {
    id: 'door-track',
    family: 'garage-door',
    names: ['off track', 'off the track', 'off its track', 'came off the track', 'rollers', 'roller', 'tracks', 'track', 'crooked', 'hanging crooked', 'hanging at an angle', 'at an angle'],
    problems: ['door is crooked', 'door came off'],
    es: ['rieles', 'riel', 'se salio del riel', 'chueca', 'ruedas'],
  },
  { id: 'door-cable', family: 'garage-door', names: ['cable', 'cables', 'snapped cable', 'cable snapped', 'cable came off'], es: ['cable', 'cables'] },
  { id: 'door-panel', family: 'garage-door', names: ['panel', 'panels', 'dented panel', 'dent', 'dented', 'section', 'bottom panel'], es: ['panel', 'paneles', 'abollado'] },
  { id: 'door-seal', family: 'garage-door', names: ['weather seal', 'bottom seal', 'weatherstripping', 'weather stripping', 'bottom rubber', 'rubber seal', 'seal', 'rubber strip', 'bottom strip', 'strip at the bottom', 'rubber at the bottom', 'draft under the door', 'gap under the door'], es: ['sello', 'hule', 'empaque'] },

  // ── Appliances ──────────────────────────────────────────────────────────────────────────────────────────────
  {
    id: 'refrigerator',
    family: 'cold-appliances',
    names: ['refrigerator', 'refrigerators', 'fridge', 'fridges', 'refridgerator', 'refrigirator', 'refrigerater', 'freezer', 'freezers', 'sub zero', 'subzero', 'french door fridge', 'side by side', 'wine fridge', 'beverage fridge'],
    problems: ['not cold', 'not cooling', 'food is spoiling', 'warm inside', 'frost buildup', 'water under the fridge'],
    es: ['refrigerador', 'refri', 'refrigeradora', 'nevera', 'congelador', 'heladera', 'maquina de hielo', 'no enfria'],
  },
  { id: 'ice-maker', family: 'cold-appliances', names: ['ice maker', 'icemaker', 'ice makers', 'ice machine', 'not making ice', 'no ice'], es: ['maquina de hielo', 'no hace hielo'] },
  { id: 'washer', family: 'laundry', names: ['washer', 'washers', 'washing machine', 'washer machine', 'front loader', 'top loader', 'laundry machine'], problems: ["won't spin", 'not spinning', "won't drain", 'shakes', 'walking', 'off balance'], es: ['lavadora', 'maquina de lavar', 'no centrifuga'] },
  { id: 'dryer', family: 'laundry', names: ['dryer', 'dryers', 'drier', 'clothes dryer', 'gas dryer', 'electric dryer'], problems: ['not drying', "won't dry", 'takes forever to dry', 'no heat in the dryer', 'squeaking'], es: ['secadora', 'no seca'] },
  { id: 'dishwasher', family: 'kitchen-appliances', names: ['dishwasher', 'dishwashers', 'dish washer', 'dishwaher', 'bosch dishwasher'], problems: ['dishes still dirty', 'not cleaning dishes', 'water in the bottom'], es: ['lavaplatos', 'lavavajillas', 'lava trastes', 'lavatrastes'] },
  {
    id: 'oven',
    family: 'cooking-appliances',
    names: ['oven', 'ovens', 'range', 'stove', 'stovetop', 'stove top', 'cooktop', 'cook top', 'burner', 'burners', 'wall oven', 'double oven', 'gas range', 'electric range', 'igniter on the stove', 'bake element', 'broiler'],
    problems: ["won't heat up", 'not heating up', 'burner won\'t light', 'clicking burner'],
    es: ['horno', 'estufa', 'parrilla', 'quemador', 'quemadores', 'hornilla'],
  },
  { id: 'microwave', family: 'cooking-appliances', names: ['microwave', 'microwaves'], es: ['microondas'] },
  // The two kinds an appliance shop tells apart: built in over the stove (repaired) or on the counter (often not).
  { id: 'otr-microwave', family: 'cooking-appliances', kindOf: 'microwave', names: ['over the range microwave', 'over the range microwaves', 'over-the-range microwave', 'otr microwave', 'microwave above the stove', 'microwave over the stove', 'built in microwave', 'microwave above the range', 'microwave over the range'], es: ['microondas sobre la estufa', 'microondas empotrado'] },
  { id: 'countertop-microwave', family: 'cooking-appliances', kindOf: 'microwave', names: ['countertop microwave', 'countertop microwaves', 'counter top microwave', 'countertop', 'sits on the counter', 'on the counter', 'small appliance', 'small appliances'], es: ['microondas de mesa', 'en la barra'] },
  { id: 'appliance-brand', family: 'any-appliance', names: ['lg', 'samsung', 'whirlpool', 'ge', 'maytag', 'kenmore', 'bosch', 'frigidaire', 'kitchenaid', 'electrolux', 'miele', 'thermador', 'viking', 'wolf', 'speed queen', 'amana appliance', 'appliance', 'appliances'], es: ['electrodomestico', 'electrodomesticos', 'aparato', 'aparatos'] },

  // ── Handyman and other local services ───────────────────────────────────────────────────────────────────────
  { id: 'drywall', family: 'walls', names: ['drywall', 'sheetrock', 'hole in the wall', 'holes in the wall', 'doorknob hole', 'doorknob went through the wall', 'doorknob went thru the wall', 'door knob went through the wall', 'door knob went thru the wall', 'fist sized hole', 'hole in the drywall', 'through the wall', 'thru the wall', 'into the wall', 'wall', 'walls', 'patch', 'patching', 'wall repair', 'texture', 'popcorn ceiling', 'plaster', 'crack in the wall', 'cracks in the ceiling', 'water damaged ceiling'], es: ['tablaroca', 'pared', 'hoyo en la pared', 'yeso', 'resanar'] },
  { id: 'painting', family: 'painting', names: ['paint', 'painting', 'painter', 'repaint', 'interior painting', 'exterior painting', 'touch up', 'touch ups', 'stain', 'staining', 'cabinet painting', 'walls painted', 'accent wall', 'primer'], es: ['pintar', 'pintura', 'pintor', 'pintar la casa'] },
  // Bars and rails to hold on to, for someone unsteady: "2 grab bars in her shower", "a rail by the toilet".
  { id: 'grab-bar', family: 'safety-rails', names: ['grab bar', 'grab bars', 'grabbar', 'grabbars', 'safety rail', 'safety rails', 'safety bar', 'safety bars', 'shower bar', 'assist bar', 'toilet rail', 'hand rail', 'handrail', 'hand rails', 'handrails'], es: ['barra de apoyo', 'barras de apoyo', 'barra de seguridad', 'barras de seguridad', 'pasamanos'] },
  { id: 'tv-mounting', family: 'mounting', names: ['tv', 'tv mounting', 'mount a tv', 'mount my tv', 'hang a tv', 'television', 'tv wall mount', 'soundbar', 'mount'], es: ['television', 'tele', 'montar la tele', 'colgar la tele'] },
  { id: 'furniture', family: 'furniture', names: ['furniture', 'couch', 'couches', 'sofa', 'sofas', 'sectional', 'loveseat', 'love seat', 'recliner', 'armchair', 'futon', 'bed frame', 'headboard', 'dining table', 'table', 'chairs', 'bookcase', 'armoire', 'entertainment center'], es: ['mueble', 'muebles', 'sofa', 'sillon', 'sillones', 'la mesa', 'una mesa', 'mesa de comedor', 'sillas', 'ropero'] },
  { id: 'assembly', family: 'assembly', names: ['assemble', 'assembly', 'furniture assembly', 'ikea', 'put together', 'wayfair', 'crib', 'desk', 'bookshelf'], es: ['armar', 'ensamblar', 'armar muebles', 'muebles'] },
  { id: 'door', family: 'doors', names: ['door', 'doors', 'interior door', 'front door', 'sliding door', 'storm door', 'screen door', 'door knob', 'doorknob', 'door frame', 'door sticks', 'door won\'t latch', 'hinge'], es: ['puerta', 'puertas', 'chapa', 'perilla', 'marco de la puerta'] },
  { id: 'deck', family: 'carpentry', names: ['deck', 'decks', 'deck boards', 'porch', 'railing', 'railings', 'steps', 'stairs', 'pergola'], es: ['terraza', 'porche', 'barandal', 'escalones'] },
  { id: 'carpentry', family: 'carpentry', names: ['carpentry', 'trim work', 'door trim', 'window trim', 'trim carpentry', 'interior trim', 'baseboard', 'baseboards', 'crown molding', 'molding', 'shelves', 'shelving', 'cabinet', 'cabinets', 'wood rot', 'rotted wood', 'window sill'], es: ['carpinteria', 'zoclo', 'repisas', 'gabinetes', 'madera podrida'] },
  { id: 'flooring', family: 'flooring', names: ['floor', 'floors', 'flooring', 'tile', 'tiles', 'grout', 'laminate', 'vinyl plank', 'lvp', 'hardwood', 'hardwood floors', 'backsplash'], es: ['piso nuevo', 'piso de madera', 'piso laminado', 'poner piso', 'instalar piso', 'pisos nuevos', 'pisos de madera', 'pisos laminados', 'azulejo', 'azulejos', 'loseta', 'boquilla'] },
  { id: 'caulking', family: 'caulking', names: ['caulk', 'caulking', 'recaulk', 're-caulk', 'seal the tub', 'silicone'], es: ['silicon', 'sellar'] },
  { id: 'pressure-wash', family: 'exterior-cleaning', names: ['pressure wash', 'pressure washing', 'pressure washed', 'power wash', 'power washing', 'power washed', 'powerwash'], es: ['lavado a presion', 'hidrolavado', 'lavar con presion', 'karcher'] },
  { id: 'house-wash', family: 'exterior-cleaning', names: ['soft wash', 'softwash', 'house wash', 'wash the house', 'house washed', 'wash the siding', 'siding washed', 'mildew', 'algae', 'green with mildew', 'green stuff on the siding', 'do the house'], es: ['lavar la casa', 'lavado de casa', 'moho'] },
  { id: 'concrete-clean', family: 'exterior-cleaning', names: ['wash the driveway', 'driveway washed', 'driveway cleaned', 'concrete cleaning', 'clean the concrete', 'oil stains', 'clay stains', 'rust stains', 'sidewalk cleaning'], es: ['lavado a presion', 'hidrolavado', 'lavar con presion', 'karcher'] },
  { id: 'junk-removal', family: 'junk', names: ['junk', 'junk removal', 'haul away', 'haul off', 'hauling', 'trash', 'debris removal', 'old furniture', 'old couch', 'mattress', 'dump run', 'get rid of', 'need it all gone', 'all gone'], es: ['basura', 'tiliches', 'cacharros', 'sacar la basura', 'llevarse', 'deshacerse'] },
  { id: 'garage-cleanout', family: 'junk', names: ['clean out the garage', 'garage cleanout', 'garage clean out', 'clear out the garage', 'garage is full', 'garage full of', 'empty the garage'], es: ['limpiar la cochera', 'sacar todo de la cochera'] },
  { id: 'estate-cleanout', family: 'junk', names: ['estate cleanout', 'estate clean out', 'whole house cleanout', 'whole-house cleanout', 'whole house', 'whole-house', 'house emptied', 'empty the house', 'empty out the house', 'clean out the house', 'clear out the house', 'everything in the house', 'estate sale', 'passed away', 'mother passed', 'father passed', 'mom passed', 'dad passed', 'assisted living'], es: ['vaciar la casa', 'toda la casa'] },
  { id: 'gutter-clean', family: 'gutters', names: ['gutter cleaning', 'clean the gutters', 'clean gutters', 'gutters cleaned', 'clogged gutters'], es: ['limpiar canaletas', 'limpieza de canaletas'] },
  { id: 'locksmith', family: 'locks', names: ['lock', 'locks', 'locked out', 'lockout', 'rekey', 're-key', 'deadbolt', 'keys', 'key', 'smart lock', 'lock change', 'change the locks'], es: ['cerradura', 'cerraduras', 'chapa', 'llaves', 'me quede afuera', 'cambiar chapas'] },
  { id: 'windows', family: 'windows', names: ['window', 'windows', 'window replacement', 'broken window', 'glass', 'window pane', 'foggy window', 'window screen'], es: ['ventana', 'ventanas', 'vidrio', 'cristal'] },
  { id: 'siding', family: 'exterior', names: ['siding', 'vinyl siding', 'hardie', 'hardie board', 'stucco'], es: ['revestimiento', 'estuco'] },
  { id: 'insulation', family: 'insulation', names: ['insulation', 'insulate', 'blown in', 'spray foam', 'attic insulation'], es: ['aislamiento', 'aislante'] },
  { id: 'remodel', family: 'remodel', names: ['remodel', 'remodeling', 'renovation', 'renovate', 'bathroom remodel', 'kitchen remodel', 'addition', 'basement finish', 'finish the basement'], es: ['remodelacion', 'remodelar', 'renovar'] },
];
