import { describe, expect, it } from "vitest";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoApiTestDatabase, unknownId } from "@/lib/testing/api-helpers";
import { returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { POST } from "./route";

// Flag and unflag together, roles included: ../flag/route.int.test.ts.
const setup = setupDemoApiTestDatabase({ returns: 40 });

describe("POST /returns/{returnId}/unflag", () => {
  it("puts a return flagged while delivered back to delivered and answers it; an unknown return is a 404", async () => {
    const { database, demoA } = setup();
    const { returnId } = await returnIn(database.db, demoA.id, "flagged", { flaggedFrom: "delivered" });
    const response = await callRoute<Return>(
      POST,
      { returnId },
      { method: "POST", path: `/returns/${returnId}/unflag`, secret: demoA.secret },
    );
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("delivered");
    expect((await storedState(database.db, returnId)).status).toBe("delivered");
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
