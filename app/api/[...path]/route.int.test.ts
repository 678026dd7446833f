import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { DELETE, GET, PATCH, POST, PUT } from "./route";

const setup = setupApiTestDatabase();
const handlers = { GET, POST, PUT, PATCH, DELETE } as const;

describe("/api/[...path] under /api/v2.2 (no operation)", () => {
  it.each(
    Object.keys(handlers).flatMap((method) =>
      ["/nope", "/stores/str_x/unknown-things", "/returns", "/v3/returns/ret_x"].map(
        (path) => [method, path] as const,
      ),
    ),
  )("answers %s %s with a problem+json 404", async (method, path) => {
    const { storeA } = setup();
    const response = await callRoute(
      handlers[method as keyof typeof handlers],
      {},
      {
        method,
        path,
        secret: storeA.secret,
        ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
      },
    );
    const body = expectProblem(response, 404, "request/not-found");
    expect(body.detail).toContain(`${method} /api/v2.2${path}`);
  });

  it("answers without credentials too, and echoes a sane X-Request-Id", async () => {
    const response = await callRoute(
      GET,
      {},
      { path: "/does/not/exist", headers: { "X-Request-Id": "probe-42" } },
    );
    expectProblem(response, 404, "request/not-found");
    expect(response.headers.get("x-request-id")).toBe("probe-42");
    expect(response.headers.get("www-authenticate")).toBeNull();
  });
});

describe("/api/[...path] outside /api/v2.2", () => {
  it.each(["/api/V2.2/stores/str_x/returns", "/api/v2/returns", "/api/nothing"])(
    "answers GET %s with a problem+json 404, not the app's HTML page",
    async (path) => {
      const response = await GET(new NextRequest(`http://localhost:3000${path}`));
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const body = (await response.json()) as { type: string; detail: string };
      expect(body.type).toBe("com.service.api:request/not-found");
      expect(body.detail).toBe(`No operation is served at GET ${path}.`);
    },
  );
});
