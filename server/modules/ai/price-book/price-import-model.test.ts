import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBuiltinAssistant } from '@server/adapters/ai/builtin/builtin-assistant';
import { createFallbackAssistant } from '@server/adapters/ai/openai/fallback-assistant';
import { createOpenAiAssistant } from '@server/adapters/ai/openai/openai-assistant';
import { createScriptedAssistant } from '@server/adapters/ai/scripted';
import { createServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { priceItems, users } from '@server/platform/db/schema';
import { createLogger } from '@server/platform/lib/logger';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@server/platform/testing/fake-openai-server';
import { setUpTestApp, signUp } from '@server/testing/test-app';
import { importPriceList } from './price-book.service';

/**
 * The PDF importer with a configured model (issue 14 item 6): the model proposes, every item is checked against the
 * file's own rows, and the rules stand in — saying so — when the model fails or proposes nothing usable.
 */
const t = setUpTestApp();
let fake: FakeOpenAiServer;

beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const TOOL = 'propose_price_items';
const ROWS = ['Bayside Plumbing price list', 'Drain cleaning ........ $150 - $250', 'Water heater flush .... $120', 'Call (312) 555-0100'];

async function pricePdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let start = 0; start < lines.length; start += 30) {
    const page = doc.addPage([612, 792]);
    lines.slice(start, start + 30).forEach((line, i) => page.drawText(line, { x: 60, y: 740 - i * 24, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}

/** The owner's scope, as the route builds it. */
async function ownerScope() {
  await signUp(t.deps, { email: 'owner@import.test', companyName: 'Import Plumbing', signupPhone: null });
  const [owner] = await t.deps.db.select().from(users).where(eq(users.email, 'owner@import.test'));
  return { db: t.deps.db, companyId: owner!.companyId, userId: owner!.id, now: t.deps.clock.now(), ip: null };
}

/** The app's wiring when a model is configured: the model, the built-in assistant behind it. */
const configuredModel = () =>
  createFallbackAssistant(createOpenAiAssistant({ baseURL: fake.url, model: 'gpt-test', timeoutMs: 5_000 }), createBuiltinAssistant(), { clock: t.deps.clock, onFallback: () => undefined });

async function stored() {
  const rows = await t.deps.db.select().from(priceItems);
  return rows.map((r) => [r.name, r.minCents, r.maxCents, r.unit, r.sourcePage, r.sourceLine, r.sourceText]).sort((a, b) => Number(a[5]) - Number(b[5]));
}

describe('importing a price list with a configured model', () => {
  it('stores the model’s items as proposed, each with the words of the row it points at', async () => {
    const scope = await ownerScope();
    fake.enqueue({
      kind: 'tool-call',
      name: TOOL,
      arguments: {
        items: [
          // The model words the name its own way and misquotes the row: the row's own words are stored as the source.
          { name: ' Drain cleaning (kitchen or bath) ', minPrice: 150, maxPrice: 250, unit: 'per visit', page: 1, line: 2, note: null },
          { name: 'Water heater flush', minPrice: 120, maxPrice: 120, unit: '', page: 1, line: 3, note: 'no unit written' },
        ],
      },
    });

    const result = await importPriceList(scope, { bytes: await pricePdf(ROWS), name: 'prices.pdf' }, configuredModel());

    expect(result).toEqual({ pages: 1, proposed: 2, alreadyThere: 0, lowConfidence: 1, pagesWithoutText: [], proposedBy: 'model', dropped: 0 });
    expect(await stored()).toEqual([
      ['Drain cleaning (kitchen or bath)', 15_000, 25_000, 'per visit', 1, 2, 'Drain cleaning ........ $150 - $250'],
      ['Water heater flush', 12_000, 12_000, '', 1, 3, 'Water heater flush .... $120'],
    ]);
    const sentRows = ((fake.requests[0]!.body as { messages: Array<{ content: string }> }).messages[1]!.content).split('\n');
    expect(sentRows).toContain('p1 l2: Drain cleaning ........ $150 - $250');
    expect(sentRows).toContain('p1 l4: Call (312) 555-0100');
  });

  it('drops items pointing at a row that does not exist, with a price not on their row, or unusable; counts and says so', async () => {
    const scope = await ownerScope();
    fake.enqueue({
      kind: 'tool-call',
      name: TOOL,
      arguments: {
        items: [
          { name: 'Drain cleaning', minPrice: 150, maxPrice: 250, unit: '', page: 1, line: 2 },
          { name: 'Sewer camera inspection', minPrice: 300, maxPrice: 300, unit: '', page: 1, line: 99 },
          { name: 'Water heater flush', minPrice: 99, maxPrice: 99, unit: '', page: 1, line: 3 },
          { name: '   ', minPrice: 120, maxPrice: 120, unit: '', page: 1, line: 3 },
          { name: 'Backwards', minPrice: 250, maxPrice: 150, unit: '', page: 1, line: 2 },
        ],
      },
    });

    const result = await importPriceList(scope, { bytes: await pricePdf(ROWS), name: 'prices.pdf' }, configuredModel());

    expect(result).toMatchObject({ proposedBy: 'model', proposed: 1, dropped: 4 });
    expect(result.note).toBe('Of the 5 items the AI proposed, 4 were dropped: each must point at a row of the file and have a usable name and a price written on that row, once.');
    expect(await stored()).toEqual([['Drain cleaning', 15_000, 25_000, '', 1, 2, 'Drain cleaning ........ $150 - $250']]);
  });

  it('uses the rules when the service answers 500 three times, and says so', async () => {
    const scope = await ownerScope();
    for (let i = 0; i < 3; i += 1) fake.enqueue({ kind: 'status', status: 500, retryAfter: '0' });

    const result = await importPriceList(scope, { bytes: await pricePdf(ROWS), name: 'prices.pdf' }, configuredModel());

    expect(fake.requests).toHaveLength(3);
    expect(result).toMatchObject({ proposedBy: 'rules', proposed: 2, dropped: 0, note: 'The AI service was unavailable (it answered 500 Internal Server Error three times); the rules proposed these.' });
    expect((await stored()).map((row) => row.slice(0, 3))).toEqual([
      ['Drain cleaning', 15_000, 25_000],
      ['Water heater flush', 12_000, 12_000],
    ]);
  });

  it('asks once to fix malformed arguments, then uses the rules', async () => {
    const scope = await ownerScope();
    fake.enqueue({ kind: 'tool-call', name: TOOL, arguments: '{"items": [{"name": "Drain' });
    fake.enqueue({ kind: 'text', content: 'Drain cleaning is $150 to $250.' });

    const result = await importPriceList(scope, { bytes: await pricePdf(ROWS), name: 'prices.pdf' }, configuredModel());

    expect(fake.requests).toHaveLength(2);
    expect(result.proposedBy).toBe('rules');
    expect(result.proposed).toBe(2);
    expect(result.note).toBe(
      `The AI service was unavailable (it answered twice without a valid list of items (the arguments were not valid JSON; then it answered in plain text instead of calling ${TOOL})); the rules proposed these.`,
    );
  });

  it('uses the rules when the model finds nothing, or nothing usable', async () => {
    const scope = await ownerScope();
    fake.enqueue({ kind: 'tool-call', name: TOOL, arguments: { items: [] } });
    fake.enqueue({ kind: 'tool-call', name: TOOL, arguments: { items: [{ name: 'Drain cleaning', minPrice: 15, maxPrice: 25, unit: '', page: 1, line: 2 }] } });
    const pdf = await pricePdf(ROWS);

    const empty = await importPriceList(scope, { bytes: pdf, name: 'prices.pdf' }, configuredModel());
    await t.deps.db.delete(priceItems);
    const unusable = await importPriceList(scope, { bytes: pdf, name: 'prices.pdf' }, configuredModel());

    expect(empty).toMatchObject({ proposedBy: 'rules', proposed: 2, dropped: 0, note: 'The AI found no priced items in this file; the rules proposed these.' });
    expect(unusable).toMatchObject({
      proposedBy: 'rules',
      proposed: 2,
      dropped: 1,
      note: 'The one item the AI proposed could not be used (one was dropped: each must point at a row of the file and have a usable name and a price written on that row, once); the rules proposed these.',
    });
  });

  it('keeps the dedupe: the same items imported again are already there', async () => {
    const scope = await ownerScope();
    const drain = { name: 'Drain cleaning', minPrice: 150, maxPrice: 250, unit: '', page: 1, line: 2 };
    fake.enqueue({ kind: 'tool-call', name: TOOL, arguments: { items: [drain, drain] } });
    fake.enqueue({ kind: 'tool-call', name: TOOL, arguments: { items: [drain] } });
    const pdf = await pricePdf(ROWS);

    const first = await importPriceList(scope, { bytes: pdf, name: 'prices.pdf' }, configuredModel());
    const again = await importPriceList(scope, { bytes: pdf, name: 'prices.pdf' }, configuredModel());

    expect(first).toMatchObject({ proposedBy: 'model', proposed: 1, dropped: 1 });
    expect(again).toMatchObject({ proposedBy: 'model', proposed: 0, alreadyThere: 1, dropped: 0 });
  });

  it('shows the model only the first rows that fit; the rules read the rest', async () => {
    const scope = await ownerScope();
    const rows = Array.from({ length: 420 }, (_, index) => `Service ${index + 1} .... $${index + 10}`);
    const ai = createScriptedAssistant([], { proposals: [(input) => [{ name: 'Service 1', minCents: 1_000, maxCents: 1_000, unit: '', page: input.lines[0]!.page, line: input.lines[0]!.line }]] });

    const result = await importPriceList(scope, { bytes: await pricePdf(rows), name: 'long.pdf' }, ai);

    expect(ai.priceListCalls[0]!.lines).toHaveLength(400);
    expect(result).toMatchObject({ proposedBy: 'model', proposed: 21, note: 'The file has 420 rows; the AI read the first 400 and the rules the other 20.' });
    expect((await stored()).map((row) => row[0])).toEqual(expect.arrayContaining(['Service 1', 'Service 401', 'Service 420']));
    expect(await t.deps.db.select().from(priceItems)).toHaveLength(21);
  });

  it('uses the rules alone, without asking, with the built-in assistant or an adapter without the method', async () => {
    const scope = await ownerScope();
    const pdf = await pricePdf(ROWS);
    const builtIn = Object.assign(createBuiltinAssistant(), { proposePriceItems: () => Promise.reject(new Error('the built-in assistant must not be asked')) });

    const first = await importPriceList(scope, { bytes: pdf, name: 'prices.pdf' }, builtIn);
    await t.deps.db.delete(priceItems);
    const second = await importPriceList(scope, { bytes: pdf, name: 'prices.pdf' }, createScriptedAssistant([]));

    expect(first).toEqual({ pages: 1, proposed: 2, alreadyThere: 0, lowConfidence: 0, pagesWithoutText: [], proposedBy: 'rules', dropped: 0 });
    expect(second).toEqual(first);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses staff before asking the model', async () => {
    const scope = await ownerScope();
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.id, scope.userId));

    await expect(importPriceList(scope, { bytes: await pricePdf(ROWS), name: 'prices.pdf' }, configuredModel())).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(fake.requests).toHaveLength(0);
  });

  it('POST /api/price-book/import asks the app’s configured model', async () => {
    const token = await signUp(t.deps, { email: 'owner@route.test', companyName: 'Route Plumbing', signupPhone: null });
    const app = await createServerApp({
      env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', LOG_LEVEL: 'silent', AI_BASE_URL: fake.url, AI_MODEL: 'gpt-test' }),
      // The file's database stays open for the other tests: the app's close() must not close it.
      database: Object.assign(Object.create(t.database) as typeof t.database, { close: async () => undefined }),
      clock: t.deps.clock,
      mailer: t.deps.mailer,
      logger: createLogger('silent'),
    });
    try {
      fake.enqueue({ kind: 'tool-call', name: TOOL, arguments: { items: [{ name: 'Drain cleaning', minPrice: 150, maxPrice: 250, unit: '', page: 1, line: 2 }] } });

      const response = await app.http.inject({ method: 'POST', url: '/api/price-book/import?name=prices.pdf', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/pdf' }, payload: await pricePdf(ROWS) });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ pages: 1, proposed: 1, alreadyThere: 0, lowConfidence: 0, pagesWithoutText: [], proposedBy: 'model', dropped: 0 });
      expect(fake.requests).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
