/**
 * Images a company uploads (its logo, its microsite's pictures; docs/decisions/0045-file-storage-and-uploads.md):
 * sent as raw bytes to `POST /uploads/images`, checked by their bytes, resized and re-encoded without metadata,
 * then served to anyone at `GET /files/<id>` (microsites show them to visitors).
 */

/** The largest file accepted, before resizing. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The largest picture accepted, in pixels on either side (a bigger one is refused, not decoded). */
export const IMAGE_MAX_SIDE = 8000;
/** What is kept: the picture scaled down to fit this many pixels on its long side (never scaled up). */
export const IMAGE_STORED_SIDE = 1200;
/** At most this many images per company per day (a stuck script cannot fill the disk). */
export const IMAGE_UPLOADS_PER_DAY = 200;

export const IMAGE_FORMAT_WORDS = 'PNG, JPEG, WebP or GIF';
/** The file picker's filter (the server checks the bytes whatever the browser says). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export const IMAGE_TOO_LARGE = `The image is too large: upload a file of at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;

/** Where an uploaded file is served, relative to the app's address. */
export function filePath(fileId: string): string {
  return `/files/${encodeURIComponent(fileId)}`;
}

/** What `POST /uploads/images` answers. */
export interface UploadedImage {
  id: string;
  /** Absolute: PUBLIC_URL + /files/<id>. */
  url: string;
  width: number;
  height: number;
}
