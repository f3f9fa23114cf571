import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MICROSITE_ADVANCED } from '@contracts/microsites';
import { uploads, users } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';

/** The microsite's pictures are the company's own uploads (the uploads module), shown with their size. */
const t = setUpTestApp();
let tokenA: string;
let tokenB: string;

async function uploadRow(email: string, width: number, height: number) {
  const [user] = await t.deps.db.select().from(users).where(eq(users.email, email));
  const id = randomUUID();
  await t.deps.db.insert(uploads).values({ id, companyId: user!.companyId, key: `${user!.companyId}/${id}.png`, contentType: 'image/png', bytes: 1234, width, height, createdBy: user!.id });
  return id;
}

beforeEach(async () => {
  tokenA = await signUp(t.deps, { email: 'owner@acme.test', companyName: 'Acme Plumbing', signupPhone: '+14155552671' });
  tokenB = await signUp(t.deps, { email: 'owner@bravo.test', companyName: 'Bravo Roofing', signupPhone: '+14155552672' });
});

const basic = (logoFileId: string | null, expectedVersion = 0) => ({ name: 'Acme Plumbing', tagline: '', primaryColor: '#1864AB', accentColor: '#087f5b', logoFileId, cta: 'text' as const, expectedVersion });

describe('microsite pictures', () => {
  it('shows the company’s uploaded logo from the app’s address with its width and height, and as the link picture', async () => {
    const a = callerFor(t.deps, { authToken: tokenA });
    const logo = await uploadRow('owner@acme.test', 600, 200);
    const saved = await a.microsites.saveBasic(basic(logo));
    expect(saved.logo).toEqual({ src: `http://localhost:3000/files/${logo}`, width: 600, height: 200 });
    const { html } = await a.microsites.preview();
    expect(html).toContain(`src="http://localhost:3000/files/${logo}"`);
    expect(html).toMatch(/width="600"[^>]*height="200"|height="200"[^>]*width="600"/);
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000/files/${logo}">`);

    const wide = await uploadRow('owner@acme.test', 1200, 630);
    await a.microsites.saveAdvanced({ ...DEFAULT_MICROSITE_ADVANCED, ogImageFileId: wide, expectedVersion: saved.version });
    expect((await a.microsites.preview()).html).toContain(`<meta property="og:image" content="http://localhost:3000/files/${wide}">`);
  });

  it('refuses another company’s picture, or an unknown one, as NOT_FOUND — on the logo and the link picture', async () => {
    const a = callerFor(t.deps, { authToken: tokenA });
    const theirs = await uploadRow('owner@bravo.test', 300, 300);
    await expect(a.microsites.saveBasic(basic(theirs))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(a.microsites.saveBasic(basic(randomUUID()))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const saved = await a.microsites.saveBasic(basic(null));
    await expect(a.microsites.saveAdvanced({ ...DEFAULT_MICROSITE_ADVANCED, ogImageFileId: theirs, expectedVersion: saved.version })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await callerFor(t.deps, { authToken: tokenB }).microsites.get()).exists).toBe(false);
  });
});
