import { z } from "zod";
import { timestampSchema } from "./common";

/**
 * The store's overview (docs/overview.md): counts of work waiting and weekly series for the charts.
 * Weeks start on Monday 00:00 UTC, the same calendar the shipment list's `late` and `arriving_within_days`
 * filters use, and are named by that Monday (`YYYY-MM-DD`). Every series has all 12 weeks, oldest first,
 * with 0 (or null for a median) where nothing happened.
 */

const count = (description: string) => z.number().int().min(0).meta({ description });
const week = z.string().meta({ description: "The week's Monday, `YYYY-MM-DD` (UTC)." });

export const overviewCountsSchema = z.object({
  returnsAwaitingReview: count(
    "Returns in `pre_shipment`, awaiting the merchant's authorization (the returns list with `status=pre_shipment`).",
  ),
  returnsFlagged: count(
    "Returns in `flagged`, a problem needing the merchant (the returns list with `status=flagged`).",
  ),
  returnsAwaitingProcessing: count("Returns in `delivered` (the returns list with `status=delivered`)."),
  shipmentsArrivingSoon: count(
    "Inbound shipments not yet received, expected from today to 7 days on (`arriving_within_days=7`).",
  ),
  shipmentsLate: count("Inbound shipments not yet received and expected before today (`late=true`)."),
  webhooksFailing: count("Webhooks failing (a run of failed deliveries) or disabled."),
});

const done = (description: string) => z.boolean().meta({ description });

/** The first-run checklist's steps, each done according to the store's own rows (docs/overview.md). */
const setupProgressSchema = z
  .object({
    locations: done("The store has an active location (setup creates the first, named at setup)."),
    returnAddress: done("An active location has a return address, so returns have somewhere to go."),
    products: done("The catalog has a product (imported, uploaded or created through the API)."),
    inboundShipment: done("The store has an inbound shipment, in any status."),
    team: done("The store has more than one member."),
    integration: done("The store has a webhook or an API secret that is not revoked."),
  })
  .meta({
    description:
      "First-run steps, each true once the store's data shows it done. The web app shows the checklist until all are true.",
  });
export type SetupProgress = z.infer<typeof setupProgressSchema>;

export const overviewSchema = z
  .object({
    generatedAt: timestampSchema,
    counts: overviewCountsSchema,
    setup: setupProgressSchema,
    returnsByWeek: z.array(
      z.object({
        week,
        return: count("Returns of type `return` created that week."),
        claim: count("Returns of type `claim` created that week."),
        warranty: count("Returns of type `warranty` created that week."),
      }),
    ),
    topReasons: z
      .array(z.object({ reason: z.string(), units: count("Units returned for this reason.") }))
      .meta({ description: "The most given reasons of the 12 weeks' returns, by units, at most 8." }),
    deliveredToClosed: z.object({
      medianHours: z.number().nullable().meta({
        description:
          "Median hours from a return's delivery to its completion, of the returns completed in the 12 weeks.",
      }),
      closed: count("Returns completed in the 12 weeks that had been delivered."),
      weeks: z.array(
        z.object({
          week,
          medianHours: z
            .number()
            .nullable()
            .meta({ description: "Null when no return was completed that week." }),
          closed: count("Delivered returns completed that week."),
        }),
      ),
    }),
    inboundUnitsByWeek: z.array(
      z.object({
        week,
        expected: count("Units of the shipments expected to arrive that week."),
        received: count("Units of those shipments received so far."),
      }),
    ),
  })
  .meta({ id: "StoreOverview" });
export type StoreOverview = z.infer<typeof overviewSchema>;

export const overviewResponseSchema = z
  .object({ overview: overviewSchema })
  .meta({ id: "StoreOverviewResponse" });
