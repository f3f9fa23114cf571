import { describe, expect, it } from 'vitest';
import { localDayEnd, localDayStart } from '@/shared/lib/search-params';
import { isDateRangeReversed, leadsSearchParams, listInput, NO_FILTERS, readLeadsSearch } from './leads-search';

const MEMBER = '22222222-2222-4222-8222-222222222222';

describe('leads search params', () => {
  it('reads plain strings and drops what is unknown or malformed', () => {
    expect(
      readLeadsSearch({ status: 'new, won,won,nope', source: 'form,fax', assigned: 'someone', from: '2025-02-30', to: '2025-03-31', q: 'leak', page: '0' }),
    ).toEqual({ status: ['new', 'won'], source: ['form'], assigned: null, from: null, to: '2025-03-31', q: 'leak', page: 1 });
    // A router that JSON-parses values hands over numbers.
    expect(readLeadsSearch({ q: 415, page: 3, assigned: MEMBER })).toMatchObject({ q: '415', page: 3, assigned: MEMBER });
  });

  it('writes only what is set, so a clean list is a clean address', () => {
    expect(leadsSearchParams(NO_FILTERS)).toEqual({});
    const filters = { ...NO_FILTERS, status: ['new' as const, 'qualified' as const], q: 'leak', page: 2 };
    const params = leadsSearchParams(filters, 'lead-1');
    expect(params).toEqual({ status: 'new,qualified', q: 'leak', page: '2', lead: 'lead-1' });
    expect(readLeadsSearch(params)).toEqual(filters);
  });

  it('turns days into local-time epoch ms, the "to" day included', () => {
    expect(localDayStart('2025-03-09')).toBe(new Date(2025, 2, 9).getTime());
    expect(localDayEnd('2025-03-09')).toBe(new Date(2025, 2, 10).getTime());
    expect(localDayStart('2025-13-01')).toBeNull();
    expect(listInput({ ...NO_FILTERS, from: '2025-03-01', to: '2025-03-01', q: '  ' })).toEqual({
      from: new Date(2025, 2, 1).getTime(),
      to: new Date(2025, 2, 2).getTime(),
      page: 1,
      pageSize: 25,
    });
    expect(isDateRangeReversed({ from: '2025-03-02', to: '2025-03-01' })).toBe(true);
  });
});
