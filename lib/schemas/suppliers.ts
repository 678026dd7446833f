import { z } from "zod";
import {
  SUPPLIER_CLAIM_EVENT_KINDS,
  SUPPLIER_CLAIM_LINE_SOURCES,
  SUPPLIER_CLAIM_REASONS,
  SUPPLIER_CLAIM_STATUSES,
} from "../enums";
import { dateTimeInputSchema, decimalStringSchema, moneySchema, timestampSchema } from "./common";

/**
 * Suppliers and supplier claims (docs/suppliers.md). Backroom extensions: the real service publishes neither,
 * so these follow the inbound-shipment resource (snake_case, `{ supplier }` / `{ supplier_claim }` wrappers,
 * problem types `com.service.api:supplier/<code>` and `supplier-claim/<code>`).
 */

export const supplierSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `sup_`.", example: "sup_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    name: z.string(),
    email: z.string().meta({ description: "Where claims are sent." }),
    code: z.string().nullable().meta({ description: "The merchant's own code for the supplier." }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Supplier" });
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierResponseSchema = z.object({ supplier: supplierSchema }).meta({ id: "SupplierResponse" });
export const listSuppliersResponseSchema = z
  .object({ suppliers: z.array(supplierSchema) })
  .meta({ id: "SupplierList" });

const supplierFields = {
  name: z.string().trim().min(1, "Give the supplier a name.").max(120),
  email: z.email("Enter an e-mail address.").max(254),
  code: z.string().trim().min(1).max(40).nullable().optional(),
};

export const createSupplierRequestSchema = z
  .strictObject({ supplier: z.strictObject(supplierFields) })
  .meta({ id: "CreateSupplierRequest" });
export type CreateSupplierInput = z.infer<typeof createSupplierRequestSchema>["supplier"];

export const updateSupplierRequestSchema = z
  .strictObject({
    supplier: z
      .strictObject({
        name: supplierFields.name.optional(),
        email: supplierFields.email.optional(),
        code: supplierFields.code,
      })
      .refine((fields) => Object.keys(fields).length > 0, "Send at least one field to change."),
  })
  .meta({ id: "UpdateSupplierRequest" });
export type UpdateSupplierInput = z.infer<typeof updateSupplierRequestSchema>["supplier"];

export const supplierClaimStatusSchema = z.enum(SUPPLIER_CLAIM_STATUSES).meta({
  id: "SupplierClaimStatus",
  description:
    "DRAFT: receipts and return-to-vendor units add lines. SENT: sent to the supplier, lines fixed. " +
    "CREDITED: the supplier credited `credited_amount`. REJECTED: the supplier refused it. DISCARDED: a draft " +
    "staff chose not to send; none of its units are claimed (all waived), it has no lines and a zero total.",
});

export const supplierClaimReasonSchema = z.enum(SUPPLIER_CLAIM_REASONS).meta({
  id: "SupplierClaimReason",
  description:
    "damaged (arrived damaged), missing (short shipped), wrong_item (a receipt's damaged or missing units with " +
    "reason wrong_item), over (units beyond the expected quantity), return_to_vendor (from a return).",
});

const actorNameSchema = z
  .string()
  .meta({ description: "The staff member or API secret, by name at the time." });

export const supplierClaimLineSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `scn_`." }),
    reason: supplierClaimReasonSchema,
    inbound_shipment_id: z.string().nullable(),
    receipt_id: z.string().nullable(),
    return_id: z.string().nullable(),
    source: z.enum(SUPPLIER_CLAIM_LINE_SOURCES).meta({
      description:
        "Where the line came from: a receipt (`receipt_id`), a return (`return_id`), or added by hand on the " +
        "draft (`manual`, neither). A manual line's units were recorded by no receipt or return.",
    }),
    sku: z.string().nullable(),
    title: z.string(),
    quantity: z.int().min(1).meta({ description: "Units claimed." }),
    waived_quantity: z
      .int()
      .min(0)
      .meta({
        description:
          "Units the receipt or return recorded on this line that staff chose not to claim (a draft's line lowered); " +
          "quantity + waived_quantity is what the source recorded. 0 on a manual line until it is removed.",
      }),
    unit_cost: moneySchema,
    total: moneySchema.meta({ description: "quantity × unit_cost." }),
    photos: z.array(z.string()).meta({ description: "URLs of the receipt line's photos." }),
    note: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "SupplierClaimLine" });

export const supplierClaimEventSchema = z
  .object({
    kind: z.enum(SUPPLIER_CLAIM_EVENT_KINDS),
    actor: actorNameSchema,
    amount: moneySchema.nullable().meta({ description: "A credit's amount; null otherwise." }),
    note: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "SupplierClaimEvent" });

export const supplierClaimSummarySchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `scl_`.", example: "scl_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    status: supplierClaimStatusSchema,
    supplier: z
      .object({ id: z.string(), name: z.string(), email: z.string() })
      .meta({ id: "SupplierClaimSupplier" }),
    total: moneySchema,
    credited: moneySchema.nullable().meta({ description: "The amount recovered, once CREDITED." }),
    due_date: z.iso.date(),
    line_count: z.int().min(0),
    unit_count: z.int().min(0),
    note: z.string().nullable(),
    sent_at: timestampSchema.nullable(),
    resolved_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "SupplierClaimSummary" });
export type SupplierClaimSummary = z.infer<typeof supplierClaimSummarySchema>;

export const supplierClaimSchema = supplierClaimSummarySchema
  .extend({ lines: z.array(supplierClaimLineSchema), history: z.array(supplierClaimEventSchema) })
  .meta({ id: "SupplierClaim" });
export type SupplierClaim = z.infer<typeof supplierClaimSchema>;

export const supplierClaimResponseSchema = z
  .object({ supplier_claim: supplierClaimSchema })
  .meta({ id: "SupplierClaimResponse" });
export const listSupplierClaimsResponseSchema = z
  .object({ supplier_claims: z.array(supplierClaimSummarySchema) })
  .meta({ id: "SupplierClaimList" });

const supplierIdInput = z
  .string()
  .max(80)
  .regex(/^sup_[0-9A-Za-z]{1,64}$/, "Expected a supplier id starting with sup_.");

export const listSupplierClaimsQuerySchema = z.strictObject({
  status: supplierClaimStatusSchema.optional(),
  supplier_id: supplierIdInput.optional(),
  created_at_min: dateTimeInputSchema.optional().meta({ description: "Created at or after (inclusive)." }),
  created_at_max: dateTimeInputSchema.optional().meta({ description: "Created before (exclusive)." }),
});
export type ListSupplierClaimsQuery = z.infer<typeof listSupplierClaimsQuerySchema>;

const noteInput = z.string().trim().max(1000, "Use at most 1,000 characters.");

export const sendSupplierClaimRequestSchema = z
  .strictObject({ supplier_claim: z.strictObject({ note: noteInput.optional() }) })
  .meta({ id: "SendSupplierClaimRequest" });

export const creditSupplierClaimRequestSchema = z
  .strictObject({
    supplier_claim: z.strictObject({
      credited_amount: decimalStringSchema.meta({ description: "What the supplier credited (≥ 0)." }),
      note: noteInput.optional(),
    }),
  })
  .meta({ id: "CreditSupplierClaimRequest" });

export const rejectSupplierClaimRequestSchema = z
  .strictObject({
    supplier_claim: z.strictObject({
      note: noteInput.min(1, "Say why the supplier rejected it."),
    }),
  })
  .meta({ id: "RejectSupplierClaimRequest" });

export const discardSupplierClaimRequestSchema = z
  .strictObject({
    supplier_claim: z.strictObject({
      note: noteInput.optional().meta({ description: "Why the draft is not sent; kept in its history." }),
    }),
  })
  .meta({ id: "DiscardSupplierClaimRequest" });

/** One month of a supplier's scorecard (UTC months, by shipment creation / claim drafting). */
export const supplierScorecardMonthSchema = z
  .object({
    month: z.string().meta({ description: "YYYY-MM." }),
    shipments: z.int(),
    arrived_with_eta: z.int().meta({ description: "Arrived shipments with an ETA." }),
    on_time: z.int().meta({ description: "Of those, arrived on or before the ETA." }),
    expected_units: z.int(),
    received_units: z.int(),
    damaged_units: z.int(),
    over_units: z.int(),
    fill_rate: z.number().nullable().meta({ description: "received ÷ expected units (0..1)." }),
    damage_rate: z.number().nullable().meta({ description: "damaged ÷ units that arrived." }),
    overage_rate: z.number().nullable().meta({ description: "over ÷ expected units." }),
    on_time_rate: z.number().nullable(),
    claims_opened: z.int(),
    claims_open: z.int().meta({ description: "Of the month's claims, still DRAFT or SENT." }),
    claimed_amount: decimalStringSchema,
    recovered_amount: decimalStringSchema,
  })
  .meta({ id: "SupplierScorecardMonth" });
export type SupplierScorecardMonth = z.infer<typeof supplierScorecardMonthSchema>;

export const supplierScorecardResponseSchema = z
  .object({
    supplier_scorecard: z.object({
      supplier: supplierSchema,
      currency: z.string(),
      months: z.array(supplierScorecardMonthSchema),
    }),
  })
  .meta({ id: "SupplierScorecardResponse" });
export type SupplierScorecard = z.infer<typeof supplierScorecardResponseSchema>["supplier_scorecard"];

export const supplierScorecardQuerySchema = z.strictObject({
  months: z.coerce.number().int().min(1).max(24).optional().meta({ description: "Months back (default 6)." }),
});
