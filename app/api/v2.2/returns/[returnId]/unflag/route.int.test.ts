import { describe, expect, it } from "vitest";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoApiTestDatabase, unknownId } from "@/lib/testing/api-helpers";
import { returnIn } from "@/lib/testing/return-lifecycle";
import { POST } from "./route";

// Flag and unflag together, roles included: ../flag/route.int.test.ts.
const setup = setupDemoApiTestDatabase({ returns: 40 });

describe("POST /returns/{returnId}/unflag", () => {
  it("answers the return without the flagged tag; an unknown return is a 404", async () => {
    const { database, demoA } = setup();
    const { returnId } = await returnIn(database.db, demoA.id, "delivered");
    const response = await callRoute<Return>(
      POST,
      { returnId },
      { method: "POST", path: `/returns/${returnId}/unflag`, secret: demoA.secret },
    );
    expect(response.status).toBe(200);
    expect(response.body.tags.map((tag) => tag.name)).not.toContain("flagged");
    const missing = unknownId("ret");
    expectProblem(
      await callRoute(
        POST,
        { returnId: missing },
        { method: "POST", path: `/returns/${missing}/unflag`, secret: demoA.secret },
      ),
      404,
      "return/not-found",
    );
  });
});
