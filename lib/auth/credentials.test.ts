import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { isId, newId } from "../ids";
import { apiSecretStart, generateApiSecret, hashApiSecret, looksLikeApiSecret } from "./api-secrets";
import { hashPassword, verifyPassword } from "./password";

const fastScrypt = { N: 2 ** 10, r: 8, p: 1 };

describe("passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse", fastScrypt);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
  });

  it("hashes at OWASP's scrypt floor unless told otherwise", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
  }, 30_000); // Two hashes of 128 MiB each: seconds on a loaded machine.

  it("salts every hash and rejects malformed stored values", async () => {
    expect(await hashPassword("same", fastScrypt)).not.toBe(await hashPassword("same", fastScrypt));
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
  });
});

describe("password hashing under load", () => {
  it("leaves Node's thread pool free for other work while many hashes wait", async () => {
    // Each hash takes tens of milliseconds; a file read takes well under one. With every pool thread
    // busy hashing, the read would wait for a hash to finish first.
    const stored = await hashPassword("load", { N: 2 ** 14, r: 8, p: 1 });
    const finished: string[] = [];
    const hashes = Array.from({ length: 6 }, () =>
      verifyPassword("load", stored).then(() => finished.push("hash")),
    );
    const read = readFile(new URL(import.meta.url)).then(() => finished.push("read"));
    await Promise.all([...hashes, read]);
    expect(finished[0]).toBe("read");
  });
});

describe("API secrets", () => {
  it("are prefixed, random and recognisable", () => {
    const a = generateApiSecret();
    expect(looksLikeApiSecret(a)).toBe(true);
    expect(a).not.toBe(generateApiSecret());
    expect(apiSecretStart(a)).toBe(a.slice(0, 10));
    expect(hashApiSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeApiSecret(`${a}x`)).toBe(false);
    expect(looksLikeApiSecret("Bearer abc")).toBe(false);
  });
});

describe("ids", () => {
  it("carry their type prefix and are checked by kind", () => {
    const id = newId("return");
    expect(id).toMatch(/^ret_[0-9A-Za-z]{22}$/);
    expect(isId("return", id)).toBe(true);
    expect(isId("webhook", id)).toBe(false);
    expect(isId("return", `${id}x`)).toBe(false);
    expect(isId("return", "ret_../../etc/passwd")).toBe(false);
  });
});
