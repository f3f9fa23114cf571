import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { filePath, IMAGE_UPLOADS_PER_DAY, type UploadedImage } from '@contracts/uploads';
import type { DbOrTx } from '@server/platform/db/database';
import { takeHits } from '@server/platform/db/rate-limit';
import type { CompanyScope } from '@server/platform/db/scope';
import { uploads, users } from '@server/platform/db/schema';
import { AppError, notFound, tooManyRequests } from '@server/platform/errors/app-error';
import { DAY } from '@server/platform/lib/clock';
import type { AppServices, ImageLookup } from '@server/platform/services';
import type { StoredFile } from '@server/platform/storage/storage.port';
import { prepareImage } from './image';

type UploadServices = Pick<AppServices, 'storage' | 'publicUrl' | 'logger'>;

/** The public address of an uploaded file. */
export function fileUrl(publicUrl: string, fileId: string): string {
  return `${publicUrl}${filePath(fileId)}`;
}

/**
 * Stores an image for the caller's company (the owner's and admins': every use of one — the logo, the microsite —
 * is theirs to edit): counted against the company's daily limit, checked and re-encoded (image.ts), written to the
 * file storage under a key the server makes (`<company id>/<uuid>.<ext>`), then recorded. The file is written
 * before the row, outside any transaction (a bucket may take a while; the database is not held meanwhile); if the
 * row cannot be written the file is removed again.
 */
export async function uploadImage(services: UploadServices, scope: CompanyScope, bytes: Uint8Array): Promise<UploadedImage> {
  const { db, companyId, userId, now } = scope;
  const [user] = await db.select({ role: users.role }).from(users).where(and(eq(users.id, userId), eq(users.companyId, companyId))).limit(1);
  if (!user || user.role === 'staff') throw new AppError('FORBIDDEN', 'Only the owner or an admin can upload images.');
  const waitMs = await db.transaction((tx) => takeHits(tx, [{ key: `uploads:${companyId}`, limits: [{ max: IMAGE_UPLOADS_PER_DAY, windowMs: DAY }] }], now));
  if (waitMs > 0) throw tooManyRequests(`Your company has uploaded ${IMAGE_UPLOADS_PER_DAY} images today: try again in {wait}.`, waitMs);

  const image = await prepareImage(bytes);
  const id = randomUUID();
  const key = `${companyId}/${id}.${image.extension}`;
  await services.storage.put(key, image.bytes, image.contentType);
  try {
    await db.insert(uploads).values({ id, companyId, key, contentType: image.contentType, bytes: image.bytes.byteLength, width: image.width, height: image.height, createdBy: userId, createdAt: now });
  } catch (error) {
    await services.storage.delete(key).catch((cleanup: unknown) => services.logger.warn({ err: cleanup, key }, 'an upload whose row failed could not be removed from storage'));
    throw error;
  }
  return { id, url: fileUrl(services.publicUrl, id), width: image.width, height: image.height };
}

/** A file to serve publicly by its id, or null when the id is unknown or its bytes are gone from storage. */
export async function publicFile(services: Pick<AppServices, 'db' | 'storage'>, fileId: string): Promise<StoredFile | null> {
  const [row] = await services.db.select({ key: uploads.key, contentType: uploads.contentType }).from(uploads).where(eq(uploads.id, fileId)).limit(1);
  if (!row) return null;
  const file = await services.storage.get(row.key);
  return file ? { bytes: file.bytes, contentType: row.contentType } : null;
}

/**
 * Pages' pictures (AppServices.images): a company's upload by id as an absolute address under PUBLIC_URL (a
 * microsite on its own domain serves nothing else, so its images come from the app's address) with its size.
 * Another company's id, or an unknown one, is null.
 */
export function companyImageLookup(db: DbOrTx, publicUrl: string): ImageLookup {
  return async (companyId, fileId) => {
    if (!UUID.test(fileId)) return null;
    const [row] = await db.select({ width: uploads.width, height: uploads.height }).from(uploads).where(and(eq(uploads.id, fileId), eq(uploads.companyId, companyId))).limit(1);
    return row ? { src: fileUrl(publicUrl, fileId), width: row.width, height: row.height } : null;
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Refuses, as NOT_FOUND, a file id that is not one of this company's uploads: what another module checks before it
 * keeps an id (the company's logo, a microsite's images), inside its own transaction.
 */
export async function requireCompanyImage(executor: DbOrTx, companyId: string, fileId: string): Promise<void> {
  const [row] = await executor.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.id, fileId), eq(uploads.companyId, companyId))).limit(1);
  if (!row) throw notFound('Image');
}
