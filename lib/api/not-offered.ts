import type { Contract } from "../contracts/contract";
import { HttpProblem } from "./problem";
import { apiRoute, type RouteHandler } from "./route";

/**
 * The route of a published operation Backroom does not offer (lib/contracts/not-offered.ts): the usual
 * wrapper (authentication, store access, rate limit), then a 501 problem naming the operation.
 */
export function notOfferedRoute(contract: Contract & { notOffered: true }): RouteHandler {
  return apiRoute(contract, async () => {
    throw new HttpProblem(
      501,
      "operation/not-implemented",
      `"${contract.summary}" (${contract.method.toUpperCase()} ${contract.path}) is an operation of the real ` +
        "service that Backroom does not offer: it is a returns and inventory back-office.",
    );
  });
}
