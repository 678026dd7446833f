import { createHash, randomBytes } from "node:crypto";

/**
 * API secrets look like `brk_` followed by 43 base64url characters (32 random bytes). The prefix lets
 * secret scanners and people recognise a Backroom secret; only its SHA-256 is stored.
 */
export const API_SECRET_PREFIX = "brk_";
const SECRET_PATTERN = /^brk_[A-Za-z0-9_-]{43}$/;

export function generateApiSecret(bytes: Uint8Array = randomBytes(32)): string {
  return `${API_SECRET_PREFIX}${Buffer.from(bytes).toString("base64url")}`;
}

export function hashApiSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The part of a secret shown in lists so staff can tell secrets apart. */
export function apiSecretStart(secret: string): string {
  return secret.slice(0, API_SECRET_PREFIX.length + 6);
}

export function looksLikeApiSecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}
