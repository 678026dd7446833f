import { describe, expect, it } from "vitest";
import { thinEventPayload } from "./payload";
import {
  bodyReference,
  maskAuthorization,
  maskRequestHeaders,
  maskSignature,
  rederiveBody,
} from "./request-record";
import { attemptRequestHeaders } from "./send";

describe("request masking", () => {
  it("keeps the last 4 characters of a token of 12+ characters, none of a shorter one", () => {
    expect(maskAuthorization("Bearer sk_live_abcdefgh1234")).toBe("Bearer ••••1234");
    expect(maskAuthorization("Bearer short-tok")).toBe("Bearer ••••");
    expect(maskAuthorization("Basic dXNlcjpwYXNz")).toBe("••••");
  });

  it("masks every signature entry, keeping its version", () => {
    expect(maskSignature("v1,abc= v1,def=")).toBe("v1,•••• v1,••••");
    expect(maskSignature("garbage")).toBe("••••");
  });

  it("masks the headers send.ts puts on the wire and leaves the others as sent", () => {
    const sent = attemptRequestHeaders({
      headers: { "Webhook-Id": "dlv_1", "webhook-signature": "v1,c2lnbmF0dXJl" },
      token: "tok_0123456789abcdef",
      body: '{"a":1}',
    });
    const masked = maskRequestHeaders(sent);
    expect(masked).toMatchObject({
      "webhook-id": "dlv_1",
      "webhook-signature": "v1,••••",
      authorization: "Bearer ••••cdef",
      "content-type": "application/json",
      "content-length": "7",
    });
    expect(JSON.stringify(masked)).not.toContain("0123456789");
    expect(JSON.stringify(masked)).not.toContain("c2lnbmF0dXJl");
  });
});

describe("body reference", () => {
  const event = {
    id: "evt_1",
    type: "updated",
    topic: "return",
    subjectId: "ret_1",
    createdAt: new Date("2026-01-01T00:00:00.000Z"),
    payloadAt: "2026-01-01T00:00:00.000Z",
    payloadJson: '{"id": "evt_1", "at": "2026-01-01T00:00:00.000Z"}',
  };

  it("re-derives the snapshot and the thin body byte for byte", () => {
    expect(rederiveBody(bodyReference(event.payloadJson, "snapshot"), event)).toBe(event.payloadJson);
    const thin = JSON.stringify(thinEventPayload(event));
    expect(rederiveBody(bodyReference(thin, "thin"), event)).toBe(thin);
    expect(bodyReference("é", "thin").bytes).toBe(2);
  });

  it("answers null rather than a body that was not the one sent", () => {
    expect(rederiveBody(bodyReference('{"other":true}', "snapshot"), event)).toBeNull();
  });
});
