import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET } from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";

const setup = setupApiTestDatabase();

beforeEach(async () => {
  await resetRateLimits(setup().database.db);
  vi.stubEnv("BACKROOM_RATE_LIMIT_PER_MINUTE", "5");
  // The clock stands still one second into a minute: PostgreSQL's budget is per calendar minute (a test
  // that straddled one would see it come back) and the embedded bucket refills with time. Only Date is
  // faked; timers and the database run as usual.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await resetRateLimits(setup().database.db);
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
      const reset = Number(response.headers.get("ratelimit-reset"));
      expect(reset).toBeGreaterThanOrEqual(1);
      // The IETF draft's pair beside them (draft-ietf-httpapi-ratelimit-headers).
      expect(response.headers.get("ratelimit-policy")).toBe('"default";q=5;w=60');
      expect(response.headers.get("ratelimit")).toBe(`"default";r=${5 - call};t=${reset}`);
    }
    const limited = await list(storeA);
    const body = expectProblem(limited, 429, "request/rate-limited");
    expect(body.title).toBe("Too Many Requests");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    // The embedded database's bucket gives a token back every 12 s at 5 per minute; PostgreSQL's shared
    // budget comes back when the minute ends, 59 s after the test's clock.
    expect(retryAfter).toBe(setup().database.backend === "postgres" ? 59 : 12);
    expect(limited.headers.get("ratelimit-limit")).toBe("5");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit")).toBe(`"default";r=0;t=${retryAfter}`);
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
