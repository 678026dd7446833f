import { describe, expect, it } from "vitest";
import { contracts } from ".";

/** docs/api.md, Validation: a mistyped filter is reported instead of silently returning everything. */
describe("query strings", () => {
  it.each(
    contracts.flatMap((contract) =>
      contract.query ? [[contract.operationId, contract.query] as const] : [],
    ),
  )("%s refuses an unknown parameter, naming it", (_operationId, query) => {
    const result = query.safeParse({ mistyped_filter: "1" });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ code: "unrecognized_keys", keys: ["mistyped_filter"] }),
    );
  });
});
