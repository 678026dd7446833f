import { createHash } from "node:crypto";
import { type ImageType, MAX_IMAGE_BYTES } from "../../schemas/limits";

/**
 * Images a client sends (a return comment's image, a receipt line's photos; decisions §5): base64,
 * optionally as a `data:image/<type>;base64,` URL, of a PNG, JPEG, GIF or WebP image recognised by its
 * magic bytes, at most 5 MiB once decoded. The type is never taken from the caller: a data: prefix only
 * has to agree with the bytes.
 */

export type DecodedImage = { contentType: ImageType; data: Buffer; byteSize: number; sha256: string };

const TYPE_NAMES: Record<ImageType, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
};

/** Other names clients use for the same types. */
const TYPE_ALIASES: Record<string, ImageType> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
};

const MAX_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/** The image type by its first bytes, or null when it is none of the four. */
export function sniffImageType(data: Uint8Array): ImageType | null {
  const startsWith = (bytes: number[], offset = 0) =>
    data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(ascii("GIF87a")) || startsWith(ascii("GIF89a"))) return "image/gif";
  if (startsWith(ascii("RIFF")) && startsWith(ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/**
 * Decodes and checks an image; when it is not acceptable, throws what `invalid` makes of the reason (the
 * caller's ValidationError at its own field).
 */
export function decodeImage(input: string, invalid: (reason: string) => Error): DecodedImage {
  let body = input.trim();
  let declared: string | undefined;
  if (/^data:/i.test(body)) {
    const prefix = /^data:(image\/[a-z0-9.+-]+);base64,/i.exec(body);
    if (!prefix?.[1]) {
      throw invalid("A data: URL must have the form data:image/<type>;base64,<data>.");
    }
    const type = prefix[1].toLowerCase();
    declared = TYPE_ALIASES[type] ?? type;
    body = body.slice(prefix[0].length);
  }
  body = body.replace(/\s+/g, "");
  if (body.length === 0) throw invalid("The image is empty.");
  const padded = body.endsWith("=");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 === 1 || (padded && body.length % 4 !== 0)) {
    throw invalid("The image is not valid base64.");
  }
  if (body.length > MAX_BASE64_LENGTH + 4) throw invalid(tooLarge());
  const data = Buffer.from(body, "base64");
  if (data.length > MAX_IMAGE_BYTES) throw invalid(tooLarge(data.length));
  const contentType = sniffImageType(data);
  if (!contentType) throw invalid("The image must be a PNG, JPEG, GIF or WebP image.");
  if (declared && declared !== contentType) {
    throw invalid(
      `The data: URL says ${declared} but the data is a ${TYPE_NAMES[contentType]} image (${contentType}).`,
    );
  }
  return {
    contentType,
    data,
    byteSize: data.length,
    sha256: createHash("sha256").update(data).digest("hex"),
  };
}

function tooLarge(bytes?: number): string {
  const size = bytes === undefined ? "" : ` (${bytes.toLocaleString("en-US")} bytes)`;
  return `The image is too large${size}: at most 5 MiB (5,242,880 bytes) once decoded.`;
}
