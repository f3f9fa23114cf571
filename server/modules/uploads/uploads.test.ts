import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, IMAGE_UPLOADS_PER_DAY } from '@contracts/uploads';
import { createServerApp, type ServerApp } from '@server/app';
import { loadEnv } from '@server/platform/config/env';
import { rateLimitHits, uploads, users } from '@server/platform/db/schema';
import { createLogger } from '@server/platform/lib/logger';
import { setUpTestApp, signUp } from '@server/testing/test-app';

/**
 * `POST /uploads/images` and `GET /files/<id>` over HTTP on the real server, its files on a temporary DATA_DIR:
 * what is accepted, what is refused and in which words, what is kept of a picture (resized, upright, no EXIF), who
 * may upload, and what anyone may read back.
 */
const t = setUpTestApp();
let dataDir: string;
let app: ServerApp;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'leadloop-uploads-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  token = await signUp(t.deps, { email: 'owner@uploads.test', companyName: 'Upload Plumbing', signupPhone: null });
  app = await createServerApp({
    env: loadEnv({ NODE_ENV: 'test', SERVE_SPA: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    // The file's database stays open for the other tests: the app's close() must not close it.
    database: Object.assign(Object.create(t.database) as typeof t.database, { close: async () => undefined }),
    clock: t.deps.clock,
    mailer: t.deps.mailer,
    logger: createLogger('silent'),
  });
});
afterEach(async () => {
  await app.close();
});

const post = (body: Buffer | string, options: { auth?: string | null; type?: string } = {}) =>
  app.http.inject({
    method: 'POST',
    url: '/uploads/images',
    headers: { ...(options.auth === null ? {} : { authorization: options.auth ?? `Bearer ${token}` }), 'content-type': options.type ?? 'image/png' },
    payload: body,
  });
const get = (id: string) => app.http.inject({ method: 'GET', url: `/files/${id}` });

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2a6df4' } });
const png = (width: number, height: number) => picture(width, height).png().toBuffer();

describe('POST /uploads/images', () => {
  it('keeps a PNG scaled to fit 1200 px, serves it to anyone with its type, nosniff and a long immutable cache', async () => {
    const response = await post(await png(3000, 1500));
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; url: string; width: number; height: number }>();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: `http://localhost:3000/files/${body.id}`, width: 1200, height: 600 });

    const [row] = await t.deps.db.select().from(uploads).where(eq(uploads.id, body.id));
    const [owner] = await t.deps.db.select().from(users).where(eq(users.email, 'owner@uploads.test'));
    expect(row).toMatchObject({ companyId: owner?.companyId, key: `${owner?.companyId}/${body.id}.png`, contentType: 'image/png', width: 1200, height: 600, createdBy: owner?.id });
    // On disk under DATA_DIR/uploads/<company>/, nowhere else.
    expect(await readdir(join(dataDir, 'uploads', String(owner?.companyId)))).toEqual([`${body.id}.png`]);

    const served = await get(body.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(row?.bytes).toBe(served.rawPayload.length);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 600 });
  });

  it('strips EXIF (GPS position, camera, owner) and turns the photo upright; a small one is not enlarged', async () => {
    const photo = await picture(200, 100)
      .jpeg()
      .withExif({ IFD0: { Make: 'LeakyCam', Copyright: 'Dana Rivera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4030/100' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer (tag 0x8825)
    expect(photo.includes('LeakyCam')).toBe(true);

    const response = await post(photo, { type: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    // Orientation 6 is a quarter turn: the 200 × 100 sensor picture is a 100 × 200 portrait.
    expect(response.json()).toMatchObject({ width: 100, height: 200 });
    const served = await get(response.json<{ id: string }>().id);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    for (const leak of ['LeakyCam', 'Dana Rivera', 'Exif']) expect(served.rawPayload.includes(leak)).toBe(false);
  });

  it('keeps WebP as WebP and the first frame of a GIF as a PNG', async () => {
    const webp = await post(await picture(300, 300).webp().toBuffer(), { type: 'image/webp' });
    expect(webp.statusCode).toBe(201);
    expect((await get(webp.json<{ id: string }>().id)).headers['content-type']).toBe('image/webp');
    const gif = await post(await picture(40, 30).gif().toBuffer(), { type: 'image/gif' });
    expect(gif.statusCode).toBe(201);
    const served = await get(gif.json<{ id: string }>().id);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not a picture'), 'This file is not an image LeadLoop accepts: upload a PNG, JPEG, WebP or GIF.'],
    ['an SVG', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>'), 'SVG images are not accepted'],
    ['an SVG sent as image/png with a BOM and blanks', Buffer.from('\uFEFF  \n<svg><rect width="1" height="1"/></svg>'), 'SVG images are not accepted'],
    ['an HTML page', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'This file is not an image LeadLoop accepts'],
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'This file is not an image LeadLoop accepts'],
    ['a HEIC photo', Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(32)]), 'HEIC and AVIF images are not accepted'],
    ['a PNG signature followed by garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage'.repeat(20))]), 'could not be read'],
    ['an empty body', Buffer.alloc(0), 'The file is empty'],
  ])('refuses %s with a sentence saying what to upload, and stores nothing', async (_what, body, words) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.stringContaining(words), field: 'file' });
    expect(await t.deps.db.select().from(uploads)).toEqual([]);
  });

  it('refuses a JPEG signature whose bytes decode as something else', async () => {
    const gifBody = await picture(10, 10).gif().toBuffer();
    const mislabelled = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), gifBody]);
    const response = await post(mislabelled, { type: 'image/jpeg' });
    expect(response.statusCode).toBe(400);
    expect(await t.deps.db.select().from(uploads)).toEqual([]);
  });

  it('answers 413 in words past 5 MB, and 400 past 8000 pixels on a side, without decoding it', async () => {
    const tooBig = await post(Buffer.alloc(IMAGE_MAX_BYTES + 1, 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: IMAGE_TOO_LARGE, field: 'file' });
    expect(IMAGE_TOO_LARGE).toBe('The image is too large: upload a file of at most 5 MB.');
    const wide = await post(await picture(9000, 10).png({ compressionLevel: 9 }).toBuffer());
    expect(wide.statusCode).toBe(400);
    expect(wide.json<{ error: string }>().error).toBe('The image is 9000 × 10 pixels: upload one of at most 8000 pixels on each side.');
    expect(await t.deps.db.select().from(uploads)).toEqual([]);
  });

  it('needs a session (401 without one or with an ended one) and the owner or an admin (403 for staff)', async () => {
    const image = await png(10, 10);
    const anonymous = await post(image, { auth: null });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Please sign in.' });
    expect((await post(image, { auth: 'Bearer not-a-session' })).statusCode).toBe(401);
    await t.deps.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'owner@uploads.test'));
    app.services.sessions.forgetCompany((await t.deps.db.select().from(users))[0]?.companyId ?? '');
    expect((await post(image)).statusCode).toBe(201);
    await t.deps.db.update(users).set({ role: 'staff' }).where(eq(users.email, 'owner@uploads.test'));
    app.services.sessions.forgetCompany((await t.deps.db.select().from(users))[0]?.companyId ?? '');
    const staff = await post(image);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ error: 'Only the owner or an admin can upload images.' });
    expect(await t.deps.db.select().from(uploads)).toHaveLength(1);
  });

  it(`stops a company at ${IMAGE_UPLOADS_PER_DAY} images a day (429 with the wait in words)`, async () => {
    const [owner] = await t.deps.db.select().from(users);
    const now = t.deps.clock.now();
    await t.deps.db.insert(rateLimitHits).values(Array.from({ length: IMAGE_UPLOADS_PER_DAY }, () => ({ key: `uploads:${owner?.companyId}`, createdAt: now })));
    const response = await post(await png(10, 10));
    expect(response.statusCode).toBe(429);
    expect(response.json<{ error: string }>().error).toBe(`Your company has uploaded ${IMAGE_UPLOADS_PER_DAY} images today: try again in 24 hours.`);
    t.deps.clock.advance(24 * 3600 * 1000 + 1);
    expect((await post(await png(10, 10))).statusCode).toBe(201);
  });
});

describe('GET /files/<id>', () => {
  it('answers 404 for a malformed id, an unknown one, and a row whose file is gone', async () => {
    for (const id of ['not-a-uuid', '..%2F..%2Fetc%2Fpasswd', '00000000-0000-4000-8000-000000000000']) {
      const response = await get(id);
      expect(response.statusCode).toBe(404);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const uploaded = (await post(await png(10, 10))).json<{ id: string }>();
    const [row] = await t.deps.db.select().from(uploads);
    await rm(join(dataDir, 'uploads', String(row?.key)));
    expect((await get(uploaded.id)).statusCode).toBe(404);
  });
});
