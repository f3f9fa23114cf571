import { describe, expect, it } from 'vitest';
import { extractStreetAddress } from './address';

/** The street-address reader: digits, a street word, an optional unit; English and Spanish order; nothing guessed. */
describe('a street address in what someone said', () => {
  it.each([
    ['my water heater is leaking at 12 Elm Street. call me', '12 Elm Street'],
    ["we're at 4410 Oak Ridge Drive, apartment 3B, Austin 78704", '4410 Oak Ridge Drive, Apartment 3B'],
    ['address is 88 birch lane unit 2 thanks', '88 Birch Lane, Unit 2'],
    ['3021 North Highland Blvd, number 4', '3021 North Highland Blvd, Number 4'],
    ['300 Park Avenue South, Apt. 14F', '300 Park Avenue South, Apt 14F'],
    ['19 Lakeview Court #12', '19 Lakeview Court, #12'],
    ['Vivo en 230 Calle Sol, apartamento 5.', '230 Calle Sol, Apartamento 5'],
    ['estoy en la calle Olmo 45 depto 2', 'Calle Olmo 45, Depto 2'],
  ])('%s → %s', (text, line) => {
    expect(extractStreetAddress(text)?.line).toBe(line);
  });

  it.each([
    'call me back at 512-555-0142',
    'the furnace is 15 years old',
    'same address as last time',
    'we have 2 dogs and a cat',
    'my number is 773 555 0199',
    'see you at 5 on Main',
  ])('none in “%s”', (text) => {
    expect(extractStreetAddress(text)).toBeNull();
  });
});
