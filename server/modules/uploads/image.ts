import sharp, { type Metadata } from 'sharp';
import { IMAGE_FORMAT_WORDS, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_STORED_SIDE, IMAGE_TOO_LARGE } from '@contracts/uploads';
import { AppError } from '@server/platform/errors/app-error';

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';

/** A picture ready to store: re-encoded, scaled to fit, with no metadata (EXIF, GPS, XMP, ICC, comments) left. */
export interface PreparedImage {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/**
 * What the first bytes say the file is. Only these four formats are handed to the image library at all: anything
 * else (SVG with its scripts, PDFs, HEIC, a text file named .png) is refused before it is parsed.
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | 'svg' | 'heic' | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && /^(heic|heix|hevc|mif1|msf1|avif|avis)$/.test(ascii(bytes, 8, 12))) return 'heic';
  // SVG is text: an XML declaration, a comment or <svg itself near the start (after a BOM or blanks).
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<') && /<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

const refused = (message: string) => new AppError('INVALID', message, undefined, 'file');

/**
 * Checks an uploaded file by its bytes and makes the picture LeadLoop keeps: the first frame of a GIF or animated
 * WebP, turned upright by its EXIF orientation, scaled to fit IMAGE_STORED_SIDE on its long side (never enlarged),
 * re-encoded (PNG for PNG and GIF, to keep transparency; JPEG and WebP as themselves). The image library keeps no
 * metadata unless asked, so EXIF (GPS position, camera serial), XMP, ICC profiles and comments are all dropped.
 * Refusals are AppError INVALID on the field `file`, in words the owner can act on.
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  if (bytes.length === 0) throw refused('The file is empty: choose an image to upload.');
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('INVALID', IMAGE_TOO_LARGE, undefined, 'file');
  const sniffed = sniffImage(bytes);
  if (sniffed === 'svg') throw refused(`SVG images are not accepted (they can carry scripts): upload a ${IMAGE_FORMAT_WORDS} instead.`);
  if (sniffed === 'heic') throw refused(`HEIC and AVIF images are not accepted yet: upload a ${IMAGE_FORMAT_WORDS} (on an iPhone, share the photo as JPEG or set the camera to “Most Compatible”).`);
  if (sniffed === null) throw refused(`This file is not an image LeadLoop accepts: upload a ${IMAGE_FORMAT_WORDS}.`);

  const options = { limitInputPixels: IMAGE_MAX_SIDE * IMAGE_MAX_SIDE, failOn: 'error' as const, pages: 1 };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, options).metadata();
  } catch {
    throw refused(`This image could not be read (it may be damaged or cut short): upload a ${IMAGE_FORMAT_WORDS}.`);
  }
  // The bytes' signature and the decoder must agree on what the file is.
  if (metadata.format !== sniffed) throw refused(`This file is not an image LeadLoop accepts: upload a ${IMAGE_FORMAT_WORDS}.`);
  const { width, height } = metadata;
  if (!width || !height) throw refused('This image has no size: upload another one.');
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    throw refused(`The image is ${width} × ${height} pixels: upload one of at most ${IMAGE_MAX_SIDE} pixels on each side.`);
  }

  const pipeline = sharp(bytes, options).rotate().resize({ width: IMAGE_STORED_SIDE, height: IMAGE_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
  const output =
    sniffed === 'jpeg'
      ? { encoded: pipeline.jpeg({ quality: 82, mozjpeg: true }), contentType: 'image/jpeg' as const, extension: 'jpg' as const }
      : sniffed === 'webp'
        ? { encoded: pipeline.webp({ quality: 82 }), contentType: 'image/webp' as const, extension: 'webp' as const }
        : { encoded: pipeline.png({ compressionLevel: 9, palette: sniffed === 'gif' }), contentType: 'image/png' as const, extension: 'png' as const };
  try {
    const { data, info } = await output.encoded.toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), contentType: output.contentType, extension: output.extension, width: info.width, height: info.height };
  } catch {
    throw refused(`This image could not be read (it may be damaged or cut short): upload a ${IMAGE_FORMAT_WORDS}.`);
  }
}
