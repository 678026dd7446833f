import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as listShipments } from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import { resetRateLimits } from "@/lib/api/rate-limit";
import { callRoute } from "@/lib/testing/api";
import { setupApiTestDatabase, type TestStore } from "@/lib/testing/api-setup";
import { GET } from "./route";

const setup = setupApiTestDatabase();
const TOKEN = "metrics-token-0123456789";

beforeEach(() => {
  vi.stubEnv("BACKROOM_METRICS_TOKEN", TOKEN);
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
  await resetRateLimits(setup().database.db);
});

function scrape(authorization?: string) {
  const headers = new Headers(authorization ? { authorization } : {});
  return GET(new Request("http://localhost:3000/api/metrics", { headers }));
}

/** The value of one series in the exposition text (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

function list(store: TestStore) {
  return callRoute(
    listShipments,
    { storeId: store.id },
    { path: `/stores/${store.id}/inbound-shipments`, secret: store.secret },
  );
}

describe("GET /api/metrics", () => {
  it("does not exist while BACKROOM_METRICS_TOKEN is unset", async () => {
    vi.stubEnv("BACKROOM_METRICS_TOKEN", undefined);
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });

  it("refuses a missing or wrong token with 401", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, "Bearer short", TOKEN]) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("backroom_");
    }
  });

  it("counts requests per operation and status, and rate-limit refusals", async () => {
    const { storeA } = setup();
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const series = 'backroom_http_requests_total{operation="listInboundShipments",status="200"}';
    const refusals = "backroom_rate_limit_refusals_total";
    vi.stubEnv("BACKROOM_RATE_LIMIT_PER_MINUTE", "2");
    // The three calls in one rate-limit window (fixed minutes): at a minute's start, not across its end.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    expect((await list(storeA)).status).toBe(200);
    expect((await list(storeA)).status).toBe(200);
    expect((await list(storeA)).status).toBe(429);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await response.text();
    expect(seriesValue(text, series) - seriesValue(before, series)).toBe(2);
    expect(seriesValue(text, refusals) - seriesValue(before, refusals)).toBe(1);
    expect(text).toContain(
      'backroom_http_request_duration_seconds_bucket{le="+Inf",operation="listInboundShipments",status="429"}',
    );
    // Never a raw path: the store id is in the URL, not in any label.
    expect(text).not.toContain(storeA.id);
    expect(text).toContain("backroom_webhook_deliveries_pending 0");
    expect(text).toContain("process_cpu_seconds_total");
  });
});
