import { describe, expect, it } from 'vitest';
import { milesBetween, statesOfTown, townsNamed } from './towns';

describe('towns (the ZIP table of the zipcodes package)', () => {
  it('knows a town by its post office, and a city’s neighbourhood as no town', () => {
    expect(statesOfTown('Chicago')).toEqual(['IL']);
    expect(townsNamed('Hola, cuánto cobran por mover un 2 bedroom? De Pilsen a Cicero', ['IL'], 'chicago')).toEqual(['cicero']);
    expect(townsNamed('logan square to wicker park', ['IL'], 'chicago')).toEqual([]);
    expect(townsNamed('moving from edgewater to oak park', ['IL'], 'chicago')).toEqual(['oak park']);
    // (Only as a place gone to, come from or been in: "going to the store in a bit" names none.)
    expect(townsNamed('going to the store in a bit', ['IL'], 'chicago')).toEqual([]);
  });

  it('tells how far apart two towns of a state are, as the crow flies', () => {
    expect(milesBetween('TN', 'Maryville', 'Nashville')).toBeGreaterThan(140);
    expect(milesBetween('TN', 'Maryville', 'Nashville')).toBeLessThan(180);
    expect(milesBetween('IL', 'chicago', 'evanston')).toBeLessThan(20);
    expect(milesBetween('IL', 'chicago', 'no such town')).toBeNull();
  });
});

describe('a part of a town', () => {
  it('reads "a house in south springfield" as Springfield, and keeps a town named with its direction', () => {
    expect(townsNamed('2br apartment in nixa going to a house in south springfield', ['MO'], '')).toEqual(['nixa', 'springfield']);
    expect(townsNamed('moving from south bend to mishawaka', ['IN'], '')).toEqual(['south bend', 'mishawaka']);
    expect(milesBetween('MO', 'nixa', 'springfield')).toBeLessThan(25);
  });
});
