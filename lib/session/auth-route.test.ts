import { describe, expect, it } from "vitest";
import { failClosedSignOut } from "./auth-route";

const request = new Request("http://127.0.0.1:3000/api/auth/signout", {
  method: "POST",
  headers: { "x-request-id": "req_test" },
});
/** What next-auth answers a sign-out: its redirect, and the Set-Cookie that clears the session cookie. */
const signedOut = () =>
  new Response(JSON.stringify({ url: "/sign-in" }), {
    headers: { "Set-Cookie": "next-auth.session-token=; Max-Age=0; Path=/" },
  });

describe("failClosedSignOut", () => {
  it("passes next-auth's answer through when the session id was revoked", async () => {
    const response = await failClosedSignOut(request, async () => signedOut());
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toContain("Max-Age=0");
  });

  it("answers 503 and keeps the cookie when the revocation failed", async () => {
    const response = await failClosedSignOut(request, async (onRevocationFailed) => {
      onRevocationFailed();
      return signedOut();
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({
      type: "com.service.api:session/sign-out-failed",
      detail: expect.stringContaining("still open"),
    });
  });
});
