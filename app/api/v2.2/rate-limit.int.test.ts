import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";

const setup = setupApiTestDatabase();
const saved = process.env.BACKROOM_RATE_LIMIT_PER_MINUTE;

beforeEach(() => {
  resetRateLimits();
  process.env.BACKROOM_RATE_LIMIT_PER_MINUTE = "5";
});
afterEach(() => {
  if (saved === undefined) delete process.env.BACKROOM_RATE_LIMIT_PER_MINUTE;
  else process.env.BACKROOM_RATE_LIMIT_PER_MINUTE = saved;
  resetRateLimits();
});

function list(store: TestStore) {
  return callRoute(
    GET,
    { storeId: store.id },
    { path: `/stores/${store.id}/inbound-shipments`, secret: store.secret },
  );
}

describe("rate limit per API secret (decisions §10)", () => {
  it("answers the 6th call within a minute with 429 request/rate-limited, Retry-After and RateLimit-*", async () => {
    const { storeA } = setup();
    for (let call = 1; call <= 5; call++) {
      const response = await list(storeA);
      expect(response.status, `call ${call}`).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("5");
      expect(response.headers.get("ratelimit-remaining")).toBe(String(5 - call));
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
    }
    const limited = await list(storeA);
    const body = expectProblem(limited, 429, "request/rate-limited");
    expect(body.title).toBe("Too Many Requests");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    // One token comes back every 12 s at 5 per minute.
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(12);
    expect(limited.headers.get("ratelimit-limit")).toBe("5");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(Number(limited.headers.get("ratelimit-reset"))).toBe(retryAfter);
    expect((await list(storeA)).status).toBe(429);
  });

  it("counts each secret on its own", async () => {
    const { storeA, storeB } = setup();
    for (let call = 0; call < 5; call++) expect((await list(storeA)).status).toBe(200);
    expect((await list(storeA)).status).toBe(429);
    const other = await list(storeB);
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-remaining")).toBe("4");
  });
});
