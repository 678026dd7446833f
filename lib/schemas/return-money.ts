import { z } from "zod";
import { LABEL_PAYER_REASONS, LABEL_PAYERS } from "../enums";
import { moneyAmountSchema } from "./common";
import { orderProtectionShape } from "./orders";

/** What a return is worth (its totals) and who pays for its label: parts of the return response object. */

export const totalsSchema = z
  .object({
    charge: moneyAmountSchema,
    exchange: moneyAmountSchema,
    refund: moneyAmountSchema,
    storeCredit: moneyAmountSchema,
  })
  .meta({ id: "ReturnTotals" });
export type Totals = z.infer<typeof totalsSchema>;

export const returnProtectionSchema = z
  .object({
    ...orderProtectionShape,
    labelPayer: z
      .enum(LABEL_PAYERS)
      .nullable()
      .meta({ description: "Who pays for the return label; null until a payer is settled." }),
    labelPayerReason: z
      .enum(LABEL_PAYER_REASONS)
      .nullable()
      .meta({ description: "Why the label fell to that payer; null with a null payer." }),
  })
  .meta({
    id: "ReturnProtection",
    description: "The coverage on the return's order, and who the return left paying for the label.",
  });
export type ReturnProtection = z.infer<typeof returnProtectionSchema>;
