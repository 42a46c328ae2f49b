import sharp, { type Metadata } from 'sharp';

/** Caps on what a customer may upload (images by content, size and pixel caps). */
export const IMAGE_LIMITS = {
  /** A phone camera's JPEG at 1920x1080 is a few MB; 10 MB leaves room for larger sensors. */
  maxBytes: 10 * 1024 * 1024,
  /** 40 megapixels: above any phone camera, well below what would exhaust memory when decoded. */
  maxPixels: 40_000_000,
  /** Stored images are scaled down to fit this box: enough to read an ID card, small to keep. */
  storedMaxSide: 2560,
  jpegQuality: 88,
} as const;

/** Formats accepted, told by their first bytes: the name and the declared content type are not trusted. */
const SIGNATURES: { format: 'jpeg' | 'png' | 'webp'; test: (b: Buffer) => boolean }[] = [
  { format: 'jpeg', test: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    format: 'png',
    test: (b) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    format: 'webp',
    test: (b) => b.length > 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

export type ImageRefusal = 'too_large' | 'not_an_image' | 'too_many_pixels' | 'undecodable';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
  }
}

export const formatOf = (bytes: Buffer) => SIGNATURES.find((s) => s.test(bytes))?.format ?? null;

export interface CleanImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * Makes an upload safe to keep and to show: checks the magic bytes, reads the header's dimensions before
 * decoding anything (a 20000x20000 PNG is refused from its header), decodes fully (anything that does not decode
 * as the image it claims is refused) and re-encodes a fresh JPEG. The re-encoding keeps pixels only: EXIF (GPS
 * position, camera serial), ICC, XMP and any bytes appended after the image (polyglots) are left behind.
 */
export async function cleanImage(bytes: Buffer, limits = IMAGE_LIMITS): Promise<CleanImage> {
  if (bytes.length > limits.maxBytes) throw new ImageRefused('too_large');
  const format = formatOf(bytes);
  if (!format) throw new ImageRefused('not_an_image');
  let header: Metadata;
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('undecodable');
  }
  if (header.format !== format || !header.width || !header.height) throw new ImageRefused('undecodable');
  if (header.width * header.height > limits.maxPixels) throw new ImageRefused('too_many_pixels');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error', pages: 1 })
      .rotate() // the EXIF orientation is applied to the pixels before the EXIF goes
      .resize({ width: limits.storedMaxSide, height: limits.storedMaxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: limits.jpegQuality, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw new ImageRefused('undecodable');
  }
}
