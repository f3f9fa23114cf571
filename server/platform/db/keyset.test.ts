import { describe, expect, it } from 'vitest';
import { afterCursor, keysetPage } from './keyset';
import { notifications } from './schema';

describe('keyset paging', () => {
  it('gives the next cursor only when there is a further page', () => {
    const rows = [{ at: 3, id: 'c' }, { at: 2, id: 'b' }, { at: 1, id: 'a' }];
    expect(keysetPage(rows, 2, (row) => row)).toEqual({ page: rows.slice(0, 2), nextCursor: '2|b' });
    expect(keysetPage(rows, 3, (row) => row)).toEqual({ page: rows, nextCursor: null });
  });

  it('ignores a missing or malformed cursor', () => {
    for (const cursor of [undefined, '', 'soon|x', '123', '123|']) {
      expect(afterCursor(cursor, notifications.createdAt, notifications.id)).toEqual([]);
    }
    expect(afterCursor('123|x', notifications.createdAt, notifications.id)).toHaveLength(1);
  });
});
