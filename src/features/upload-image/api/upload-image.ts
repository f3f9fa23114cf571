import * as z from 'zod/mini';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, type UploadedImage } from '@contracts/uploads';
import { readAuthToken } from '@/entities/session';

const uploadedImage = z.object({ id: z.string(), url: z.string(), width: z.number(), height: z.number() });

/** The server's sentence for a refused upload (wrong type, too large, not allowed…), or a plain one. */
async function problemOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : fallback;
}

/**
 * Sends an image to `POST /uploads/images` (bytes do not fit tRPC's JSON), authenticated like tRPC with the session
 * token. The server checks the bytes, resizes the picture and strips its metadata; a refusal comes back as the
 * server's own sentence, thrown as the error's message.
 */
export async function uploadImage(file: File): Promise<UploadedImage> {
  // The server's own sentence, without sending megabytes first.
  if (file.size > IMAGE_MAX_BYTES) throw new Error(IMAGE_TOO_LARGE);
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch('/uploads/images', {
      method: 'POST',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new Error('The image did not reach LeadLoop. Check your connection and try again.');
  }
  if (!response.ok) throw new Error(await problemOf(response, 'The image could not be uploaded. Please try again.'));
  const parsed = uploadedImage.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new Error('LeadLoop’s answer could not be read. Please try again.');
  return parsed.data;
}
