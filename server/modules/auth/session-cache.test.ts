import { describe, expect, it } from 'vitest';
import { type CachedSession, SessionCache } from './session-cache';

function session(id: string, companyId = 'company-1'): CachedSession {
  return {
    sessionId: id,
    kind: 'user',
    expiresAt: new Date(1e13),
    lastUsedAt: new Date(0),
    impersonatedBy: null,
    user: { id: `user-${id}`, companyId, email: `${id}@example.test`, firstName: 'A', lastName: 'B', createdAt: new Date(0), role: 'owner' },
    company: { id: companyId, name: 'Acme', signupPhone: null },
  };
}

/** A load that counts its calls and answers when told to. */
function deferredLoad(answer: CachedSession | null) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = Object.assign(
    async () => {
      load.calls += 1;
      await gate;
      return answer;
    },
    { calls: 0 },
  );
  return { load, release };
}

const loadOf = (answer: CachedSession | null) => {
  const load = Object.assign(async () => ((load.calls += 1), answer), { calls: 0 });
  return load;
};

describe('SessionCache', () => {
  it('answers from memory within the TTL and reads again after it', async () => {
    const cache = new SessionCache({ ttlMs: 5000 });
    const load = loadOf(session('s1'));
    await cache.get('h1', 1000, load);
    await cache.get('h1', 5999, load);
    expect(load.calls).toBe(1);
    await cache.get('h1', 6000, load);
    expect(load.calls).toBe(2);
  });

  it('never caches an unknown token', async () => {
    const cache = new SessionCache();
    const load = loadOf(null);
    expect(await cache.get('nope', 0, load)).toBeNull();
    expect(await cache.get('nope', 0, load)).toBeNull();
    expect(load.calls).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('shares one database read between concurrent lookups of a token', async () => {
    const cache = new SessionCache();
    const { load, release } = deferredLoad(session('s1'));
    const answers = Promise.all([cache.get('h1', 0, load), cache.get('h1', 0, load), cache.get('h1', 0, load)]);
    release();
    expect((await answers).map((s) => s?.sessionId)).toEqual(['s1', 's1', 's1']);
    expect(load.calls).toBe(1);
  });

  it('forgets a session, a company or a token at once', async () => {
    const cache = new SessionCache();
    await cache.get('h1', 0, loadOf(session('s1', 'c1')));
    await cache.get('h2', 0, loadOf(session('s2', 'c1')));
    await cache.get('h3', 0, loadOf(session('s3', 'c2')));
    cache.forgetSession('s1');
    expect(cache.size).toBe(2);
    cache.forgetCompany('c1');
    expect(cache.size).toBe(1);
    cache.forgetToken('h3');
    expect(cache.size).toBe(0);
    const load = loadOf(session('s1', 'c1'));
    await cache.get('h1', 0, load);
    expect(load.calls).toBe(1);
  });

  it('does not keep what a lookup read before a revocation it overlapped', async () => {
    const cache = new SessionCache();
    const { load, release } = deferredLoad(session('s1'));
    const inFlight = cache.get('h1', 0, load);
    cache.forgetSession('s1'); // the sign-out commits while the lookup is reading the old row
    release();
    await inFlight;
    expect(cache.size).toBe(0);
    const after = loadOf(null); // the database now says revoked
    expect(await cache.get('h1', 0, after)).toBeNull();
    expect(after.calls).toBe(1);
  });

  it('holds at most maxEntries, dropping the oldest first', async () => {
    const cache = new SessionCache({ maxEntries: 3 });
    for (const n of [1, 2, 3, 4]) await cache.get(`h${n}`, 0, loadOf(session(`s${n}`)));
    expect(cache.size).toBe(3);
    const first = loadOf(session('s1'));
    await cache.get('h1', 0, first);
    expect(first.calls).toBe(1);
    const fourth = loadOf(session('s4'));
    await cache.get('h4', 0, fourth);
    expect(fourth.calls).toBe(0);
  });

  it('passes a failed read on to every waiter and caches nothing', async () => {
    const cache = new SessionCache();
    const failing = async () => {
      throw new Error('database down');
    };
    await expect(Promise.all([cache.get('h1', 0, failing), cache.get('h1', 0, failing)])).rejects.toThrow('database down');
    const load = loadOf(session('s1'));
    await cache.get('h1', 0, load);
    expect(load.calls).toBe(1);
  });
});
