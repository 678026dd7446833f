import { z } from "zod";
import { custodyFindingSchema } from "./inspection";
import { returnSchema } from "./returns";

/** The answer of a chain-of-custody check at inspection (docs/inspection.md); beside returns.ts, which it needs. */
export const checkCustodyResponseSchema = z
  .object({
    custody: custodyFindingSchema,
    flagged: z
      .boolean()
      .meta({ description: "Whether the return is flagged now (by this check or before)." }),
    return: returnSchema.meta({ description: "The return as it stands afterwards." }),
  })
  .meta({ id: "CheckReturnCustodyResponse" });
