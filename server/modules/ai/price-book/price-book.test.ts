import { eq } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '@server/platform/config/env';
import { createServerApp } from '@server/app';
import { createLogger } from '@server/platform/lib/logger';
import { priceItems, users } from '@server/platform/db/schema';
import { callerFor, setUpTestApp, signUp } from '@server/testing/test-app';
import { trpcErrorOf } from '@server/platform/testing/trpc-error';

/** The price book: who may change it, each company's own, and the PDF import over HTTP (refusals, no duplicates). */
const t = setUpTestApp();

async function pricePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 60, y: 720 - i * 24, size: 12, font }));
  return Buffer.from(await doc.save());
}

describe('ai.priceBook', () => {
  it('owners and admins change it, staff read it; another company’s ids are NOT_FOUND', async () => {
    const token = await signUp(t.deps, { email: 'owner@pb.test', companyName: 'PB Plumbing', signupPhone: null });
    const otherToken = await signUp(t.deps, { email: 'owner@other.test', companyName: 'Other Co', signupPhone: null });
    const owner = callerFor(t.deps, { authToken: token });
    const other = callerFor(t.deps, { authToken: otherToken });
    const { id } = await owner.ai.priceBook.save({ name: 'Drain cleaning', minCents: 15_000, maxCents: 25_000, unit: 'per visit', status: 'approved' });
    expect(await owner.ai.priceBook.list()).toEqual([expect.objectContaining({ id, name: 'Drain cleaning', status: 'approved', source: null })]);
    expect(await other.ai.priceBook.list()).toEqual([]);
    expect((await trpcErrorOf(other.ai.priceBook.save({ id, name: 'Mine now', minCents: 1, maxCents: 1, unit: '', status: 'approved' }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(other.ai.priceBook.remove({ ids: [id] }))).code).toBe('NOT_FOUND');
    expect((await trpcErrorOf(owner.ai.priceBook.save({ name: 'Backwards', minCents: 500, maxCents: 100, unit: '', status: 'proposed' }))).message).toContain('below the lowest');
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.email, 'owner@pb.test'));
    t.deps.sessions.clear();
    const staff = callerFor(t.deps, { authToken: token });
    expect(await staff.ai.priceBook.list()).toHaveLength(1);
    expect((await trpcErrorOf(staff.ai.priceBook.remove({ ids: [id] }))).code).toBe('FORBIDDEN');
    expect((await trpcErrorOf(staff.ai.priceBook.save({ name: 'X', minCents: 1, maxCents: 1, unit: '', status: 'approved' }))).code).toBe('FORBIDDEN');
    expect(await t.deps.db.select().from(priceItems)).toHaveLength(1);
  });

  it('POST /api/price-book/import proposes items from a PDF once, with their source; refuses what it cannot read', async () => {
    const token = await signUp(t.deps, { email: 'owner@pdf.test', companyName: 'PDF Plumbing', signupPhone: null });
    const app = await createServerApp({ env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', LOG_LEVEL: 'silent' }), // The file's database stays open for the other tests: the app's close() must not close it.
      database: Object.assign(Object.create(t.database) as typeof t.database, { close: async () => undefined }), clock: t.deps.clock, mailer: t.deps.mailer, logger: createLogger('silent') });
    try {
      const post = (body: Buffer, auth = `Bearer ${token}`) =>
        app.http.inject({ method: 'POST', url: '/api/price-book/import?name=prices.pdf', headers: { authorization: auth, 'content-type': 'application/pdf' }, payload: body });
      const pdf = await pricePdf(['Bayside Plumbing price list', 'Drain cleaning ........ $150 - $250', 'Water heater flush .... $120', 'Call (312) 555-0100']);
      const first = await post(pdf);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ pages: 1, proposed: 2, alreadyThere: 0 });
      const again = await post(pdf);
      expect(again.json()).toMatchObject({ proposed: 0, alreadyThere: 2 });
      const items = await callerFor(t.deps, { authToken: token }).ai.priceBook.list();
      expect(items.map((i) => [i.name, i.minCents, i.maxCents, i.status, i.source?.file, i.source?.page])).toEqual(
        expect.arrayContaining([
          ['Drain cleaning', 15_000, 25_000, 'proposed', 'prices.pdf', 1],
          ['Water heater flush', 12_000, 12_000, 'proposed', 'prices.pdf', 1],
        ]),
      );
      const notPdf = await post(Buffer.from('hello, not a pdf'));
      expect(notPdf.statusCode).toBe(400);
      expect(notPdf.json()).toMatchObject({ field: 'file' });
      expect((await post(pdf, 'Bearer nope')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('a decompression bomb (150 kB unpacking to 60 MB) is refused with a plain sentence while /healthz keeps answering', async () => {
    const token = await signUp(t.deps, { email: 'owner@bomb.test', companyName: 'Bomb Plumbing', signupPhone: null });
    const app = await createServerApp({ env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', LOG_LEVEL: 'silent' }),
      database: Object.assign(Object.create(t.database) as typeof t.database, { close: async () => undefined }), clock: t.deps.clock, mailer: t.deps.mailer, logger: createLogger('silent') });
    try {
      const doc = await PDFDocument.create();
      const page = doc.addPage([612, 792]);
      // A page whose content stream is 60 MB of spaces, stored compressed.
      const packed = deflateSync(Buffer.alloc(60 * 1024 * 1024, 0x20), { level: 9 });
      const stream = doc.context.stream(packed, { Filter: 'FlateDecode', Length: packed.length });
      page.node.set(PDFName.of('Contents'), doc.context.register(stream));
      const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
      expect(pdf.length).toBeLessThan(200 * 1024);

      let slowest = 0;
      let asking = true;
      const probe = (async () => {
        while (asking) {
          const started = performance.now();
          expect((await app.http.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
          slowest = Math.max(slowest, performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })();
      let refused;
      try {
        refused = await app.http.inject({ method: 'POST', url: '/api/price-book/import?name=bomb.pdf', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' }, payload: pdf });
      } finally {
        asking = false;
        await probe;
      }
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'file', error: expect.stringMatching(/^This PDF unpacks to more than 48 MB of data/) });
      expect(slowest).toBeLessThan(200);
      expect(await t.deps.db.select().from(priceItems)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
