import { createHmac } from "node:crypto";

/**
 * Standard Webhooks signing (decisions §8): the `webhook-signature` header carries one `v1,<base64>`
 * entry per secret, separated by spaces. Each entry is the HMAC-SHA256 of `${msgId}.${unixSeconds}.${body}`
 * keyed by the base64-decoded part of a `whsec_` secret. Subscribers accept the request when any entry
 * matches, which is what lets a rotated-out secret keep working until it expires.
 */

const SECRET_PREFIX = "whsec_";

/** Unix seconds, as both the `webhook-timestamp` header and the signed content must carry them. */
export function unixSeconds(timestamp: Date): number {
  return Math.floor(timestamp.getTime() / 1000);
}

/**
 * The raw HMAC key of a signing secret. The `whsec_` prefix is optional on input (the spec allows bare
 * base64), but an empty or non-base64 key is a programming error: signing with it would produce a
 * signature no subscriber could verify, so we fail loudly instead.
 */
export function signingKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new Error("Signing secret is not whsec_ followed by base64.");
  }
  const key = Buffer.from(encoded, "base64");
  if (key.length === 0) throw new Error("Signing secret is empty.");
  return key;
}

/** One `v1,<base64>` signature of a message with one secret. */
function signOne(key: Buffer, content: string): string {
  return `v1,${createHmac("sha256", key).update(content, "utf8").digest("base64")}`;
}

/**
 * The `webhook-signature` header value. `body` must be the exact bytes sent (as a string): the
 * subscriber verifies the raw body, so re-serializing JSON between signing and sending breaks it.
 */
export function signPayload(input: {
  msgId: string;
  timestamp: Date;
  body: string;
  secrets: string[];
}): string {
  if (input.secrets.length === 0) throw new Error("At least one signing secret is required.");
  // msgId is also sent as the `webhook-id` header: whitespace or control characters there would be
  // rejected by the HTTP client (or worse, split a header), so refuse it before signing.
  if (!/^[\x21-\x7e]+$/.test(input.msgId)) throw new Error("webhook-id must be non-empty visible ASCII.");
  const content = `${input.msgId}.${unixSeconds(input.timestamp)}.${input.body}`;
  // A secret listed twice (e.g. rotation to the same value) would only duplicate an entry.
  const unique = [...new Set(input.secrets)];
  return unique.map((secret) => signOne(signingKey(secret), content)).join(" ");
}

/** The columns of a `webhooks` row that decide which secrets sign a delivery. */
export interface SigningSecretSource {
  signingSecret: string;
  previousSigningSecret: string | null;
  previousSigningSecretExpiresAt: Date | null;
}

/**
 * The secrets to sign with at `now`: the current one, plus the previous one while a rotation's grace
 * period runs. A previous secret without an expiry is ignored: an unbounded grace period would make
 * rotation (usually done after a leak) ineffective.
 */
export function signingSecretsFor(webhook: SigningSecretSource, now: Date = new Date()): string[] {
  const { signingSecret, previousSigningSecret, previousSigningSecretExpiresAt } = webhook;
  if (
    previousSigningSecret &&
    previousSigningSecret !== signingSecret &&
    previousSigningSecretExpiresAt &&
    previousSigningSecretExpiresAt.getTime() > now.getTime()
  ) {
    return [signingSecret, previousSigningSecret];
  }
  return [signingSecret];
}

/**
 * All three Standard Webhooks headers for one attempt. Convenience for the dispatcher so the id,
 * timestamp and signature can never disagree with each other.
 */
export function standardWebhookHeaders(input: {
  msgId: string;
  timestamp: Date;
  body: string;
  secrets: string[];
}): { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string } {
  return {
    "webhook-id": input.msgId,
    "webhook-timestamp": String(unixSeconds(input.timestamp)),
    "webhook-signature": signPayload(input),
  };
}
