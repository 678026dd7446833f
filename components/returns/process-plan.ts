import type { Location } from "@/lib/schemas/locations";
import type { ProcessReturnBody } from "@/lib/schemas/return-lifecycle";
import type { Return } from "@/lib/schemas/returns";
import type { ItemProblems } from "./process-errors";
import type { ItemPlan } from "./process-item-fields";

/** The process panel's plans as data: their default location, their checks and the request they make. */

/** The location whose return address is the return's destination, else the first: where parcels arrive. */
export function defaultLocation(ret: Return, locations: readonly Location[]): string {
  const to = ret.destination.mailingAddress;
  const match = locations.find(
    (l) => l.return_address?.line1 === to.line1 && l.return_address?.postalCode === to.postalCode,
  );
  return (match ?? locations[0])?.id ?? "";
}

/** Checks a plan as the API would, so a mistake is shown beside its field before anything is sent. */
export function problemsOf(plan: ItemPlan): ItemProblems {
  const problems: ItemProblems = {};
  if (plan.decision === "restock" && !plan.locationId)
    problems.location = "Choose where it goes back into stock.";
  if (plan.decision === "reject" && !plan.rejectReason.trim())
    problems.reason = "Say why the item is rejected.";
  if (
    plan.decision !== "reject" &&
    plan.credit.trim() !== "" &&
    !/^\d{1,12}(\.\d{1,2})?$/.test(plan.credit.trim())
  ) {
    problems.credit = "An amount such as 12.50: not negative, at most two decimals.";
  }
  return problems;
}

/** The process request for the plans: skipped items are left out, a restock names its location. */
export function bodyOf(plans: readonly ItemPlan[]): ProcessReturnBody {
  return {
    products: plans
      .filter((plan) => plan.decision !== "skip")
      .map((plan) => {
        const extra = {
          ...(plan.grade ? { grade: plan.grade } : {}),
          ...(plan.outcome ? { outcome: plan.outcome } : {}),
        };
        if (plan.decision === "reject") {
          return { _id: plan.itemId, reject: true, rejectReason: plan.rejectReason.trim(), ...extra };
        }
        const credit = plan.credit.trim() === "" ? {} : { newMerchantAdjustment: Number(plan.credit) };
        const restock = plan.decision === "restock" ? { restock: true, locationId: plan.locationId } : {};
        return { _id: plan.itemId, processInput: { ...restock, ...credit }, ...extra };
      }),
  };
}
