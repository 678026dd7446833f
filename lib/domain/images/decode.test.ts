import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decodeImage, sniffImageType } from "./decode";

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === "string" ? Buffer.from(v, "latin1") : Buffer.from([v]))));

const PNG = bytes(0x89, "PNG\r\n", 0x1a, "\n", 0, 0, 0, 13, "IHDR");
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, "JFIF", 0);
const GIF87 = bytes("GIF87a", 1, 0, 1, 0);
const GIF89 = bytes("GIF89a", 1, 0, 1, 0);
const WEBP = bytes("RIFF", 26, 0, 0, 0, "WEBPVP8L");

/** What the caller makes of a refusal, so a refusal is told from a crash. */
class RefusedImage extends Error {}
const refuse = (reason: string) => new RefusedImage(reason);

function rejection(input: string): string {
  try {
    decodeImage(input, refuse);
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedImage);
    return (error as RefusedImage).message;
  }
  throw new Error(`accepted ${input.slice(0, 40)}`);
}

describe("sniffImageType", () => {
  it("recognises the four types by their magic bytes only", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(GIF87)).toBe("image/gif");
    expect(sniffImageType(GIF89)).toBe("image/gif");
    expect(sniffImageType(WEBP)).toBe("image/webp");
    for (const other of [
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("%PDF-1.7"),
      bytes("RIFF", 0, 0, 0, 0, "WAVEfmt "),
      bytes("BM", 0, 0),
      PNG.subarray(0, 7),
      bytes(0xff, 0xd8),
      bytes(),
    ]) {
      expect(sniffImageType(other)).toBeNull();
    }
  });
});

describe("decodeImage", () => {
  it("decodes bare base64 and data: URLs, with the type from the bytes", () => {
    const decoded = decodeImage(PNG.toString("base64"), refuse);
    expect(decoded.contentType).toBe("image/png");
    expect(Buffer.compare(decoded.data, PNG)).toBe(0);
    expect(decoded.byteSize).toBe(PNG.length);
    expect(decoded.sha256).toBe(createHash("sha256").update(PNG).digest("hex"));
    expect(decodeImage(`data:image/jpeg;base64,${JPEG.toString("base64")}`, refuse).contentType).toBe(
      "image/jpeg",
    );
    expect(decodeImage(`data:image/jpg;base64,${JPEG.toString("base64")}`, refuse).contentType).toBe(
      "image/jpeg",
    );
    expect(decodeImage(`DATA:IMAGE/GIF;BASE64,${GIF89.toString("base64")}`, refuse).contentType).toBe(
      "image/gif",
    );
    expect(decodeImage(WEBP.toString("base64").replace(/=+$/, ""), refuse).contentType).toBe("image/webp");
    const wrapped = WEBP.toString("base64").replace(/(.{8})/g, "$1\n");
    expect(decodeImage(`  ${wrapped}  `, refuse).contentType).toBe("image/webp");
  });

  it("rejects a data: prefix that disagrees with the bytes", () => {
    expect(rejection(`data:image/jpeg;base64,${PNG.toString("base64")}`)).toMatch(
      "data: URL says image/jpeg but the data is a PNG image",
    );
    expect(rejection(`data:image/svg+xml;base64,${GIF87.toString("base64")}`)).toMatch("image/svg+xml");
  });

  it("rejects other data: URLs and other file types", () => {
    expect(rejection(`data:text/plain;base64,${PNG.toString("base64")}`)).toMatch("data:image/<type>;base64");
    expect(rejection(`data:image/png,${PNG.toString("base64")}`)).toMatch("data:image/<type>;base64");
    expect(rejection(bytes("%PDF-1.7 ...").toString("base64"))).toMatch("PNG, JPEG, GIF or WebP");
    expect(rejection(Buffer.from("plain text").toString("base64"))).toMatch("PNG, JPEG, GIF or WebP");
  });

  it("rejects invalid base64 and empty data", () => {
    for (const bad of ["abc$", "ab=c", "a", "abcde", "abc===", "ab-_"])
      expect(rejection(bad)).toMatch("base64");
    expect(rejection("")).toMatch("empty");
    expect(rejection("data:image/png;base64,")).toMatch("empty");
  });

  it("accepts 5 MiB and rejects one byte more", () => {
    const max = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect(decodeImage(max.toString("base64"), refuse).byteSize).toBe(5 * 1024 * 1024);
    const over = Buffer.concat([max, Buffer.from([0])]);
    expect(rejection(over.toString("base64"))).toMatch("too large (5,242,881 bytes)");
    expect(rejection("A".repeat(8 * 1024 * 1024))).toMatch("too large");
  });
});
