import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { errorToResponse } from "./problem";

/** The driver's error for a query on a pool whose server does not answer (port 1: nothing listens there). */
async function refusedConnectionError(): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: "postgres://backroom@127.0.0.1:1/backroom" });
  try {
    return await drizzle(pool)
      .execute(sql`select 1`)
      .then(
        () => new Error("the query ran"),
        (error: unknown) => error,
      );
  } finally {
    await pool.end();
  }
}

describe("a database that does not answer", () => {
  it("is a 503 problem with Retry-After, not a 500", async () => {
    const outages = [
      await refusedConnectionError(),
      new Error("Connection terminated unexpectedly"),
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    ];
    for (const error of outages) {
      const response = errorToResponse(error, "req_1");
      expect(response.status, String(error)).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.json()).toMatchObject({
        type: "com.service.api:request/service-unavailable",
        status: 503,
      });
    }
  });

  it("leaves other driver errors a 500", () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: "42601" });
    expect(errorToResponse(syntax, "req_1").status).toBe(500);
  });
});
