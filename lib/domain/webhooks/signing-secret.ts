import { randomBytes } from "node:crypto";

/** Random bytes in a signing secret; Standard Webhooks asks for 24 to 64. */
export const SIGNING_SECRET_BYTES = 32;

/**
 * A new Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. It is the HMAC-SHA256
 * key of the `webhook-signature` header; the subscriber verifies with the base64-decoded part.
 */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(SIGNING_SECRET_BYTES).toString("base64")}`;
}
