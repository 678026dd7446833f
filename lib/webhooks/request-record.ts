import { createHash } from "node:crypto";
import type { WebhookPayload } from "../enums";
import { type ThinEventSource, thinEventPayload } from "./payload";

/**
 * What the delivery log keeps of each attempt's request (docs/webhooks.md, "Delivery log"): the headers
 * as sent with the secrets masked, and the body as a reference (which form of the event, its SHA-256 and
 * length) rather than a copy, since the body is re-derived exactly from the stored event.
 */

export const MASK = "••••";
/**
 * `Bearer ••••` and the token's last 4 characters, only for tokens of 12+ characters: the same rule as
 * the webhook's own `callback.auth` (lib/domain/webhooks/serialize.ts's maskToken), so the log shows
 * the same tail the webhook page does and a short token is never partly shown.
 */
export function maskAuthorization(value: string): string {
  const match = /^Bearer\s+(.*)$/i.exec(value);
  if (!match) return MASK;
  const token = match[1] ?? "";
  return `Bearer ${MASK}${token.length >= 12 ? token.slice(-4) : ""}`;
}

/**
 * Every `v1,<base64>` entry becomes `v1,••••`: a signature is a valid credential for its body and
 * timestamp (a replay within the receiver's tolerance), so the log shows how many were sent, not them.
 */
export function maskSignature(value: string): string {
  return value
    .split(" ")
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const comma = entry.indexOf(",");
      return comma < 0 ? MASK : `${entry.slice(0, comma + 1)}${MASK}`;
    })
    .join(" ");
}

/** The headers as sent, with the Authorization and webhook-signature values masked. */
export function maskRequestHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    masked[key] =
      key === "authorization"
        ? maskAuthorization(value)
        : key === "webhook-signature"
          ? maskSignature(value)
          : value;
  }
  return masked;
}

export type RequestBodyReference = { kind: WebhookPayload; sha256: string; bytes: number };

export function sha256Hex(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

/** The reference stored for a body sent in `kind` form. */
export function bodyReference(body: string, kind: WebhookPayload): RequestBodyReference {
  return { kind, sha256: sha256Hex(body), bytes: Buffer.byteLength(body) };
}

/**
 * The body an attempt sent, re-derived from its event: the snapshot is the stored payload's JSON text
 * (PostgreSQL's `jsonb::text`, what the dispatcher sends), the thin form is built as the dispatcher
 * builds it. Null when the re-derived bytes do not hash to what was recorded, so the log never shows a
 * body that was not the one sent.
 */
export function rederiveBody(
  reference: RequestBodyReference,
  event: ThinEventSource & { payloadJson: string },
): string | null {
  const body = reference.kind === "thin" ? JSON.stringify(thinEventPayload(event)) : event.payloadJson;
  return sha256Hex(body) === reference.sha256 ? body : null;
}
