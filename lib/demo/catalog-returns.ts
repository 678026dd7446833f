/**
 * Data-only catalogue of what happens around returns in the demo: reasons and reason codes per return
 * type, grades, outcomes, item statuses, tags, the multiple-choice questions of the return form, comments
 * that customers and staff write, assessment responses and drop-off providers.
 */

import type { DemoReturnStage } from "./generate-return-rules";

export const GRADES = [
  "A - Like new",
  "B - Minor wear",
  "C - Visible wear",
  "D - Damaged",
  "F - Unsellable",
] as const;

/** Outcome of a rejected item and of an item the customer keeps (green return). */
export const REJECTED_OUTCOME = "return_to_customer";
export const GREEN_OUTCOME = "customer_kept";

/** The status of a return's items while the return is in each status. */
export const ITEM_STATUS_BY_RETURN_STATUS: Record<DemoReturnStage, string> = {
  pre_shipment: "pending",
  open: "awaiting_shipment",
  in_transit: "in_transit",
  delivered: "received",
  needs_review: "received",
  in_review: "inspecting",
  complete: "processed",
  rejected: "rejected",
  flagged: "on_hold",
  deleted: "cancelled",
};

export const PRODUCT_ADJUSTMENTS = ["restocking_fee", "worn", "missing_tags", "missing_packaging"] as const;

export const TAGS: readonly { name: string; source: string }[] = [
  { name: "VIP customer", source: "rule" },
  { name: "high-value", source: "rule" },
  { name: "repeat-returner", source: "rule" },
  { name: "first-return", source: "rule" },
  { name: "fraud-review", source: "user" },
  { name: "gift", source: "integration" },
  { name: "loyalty-gold", source: "integration" },
  { name: "final-sale-exception", source: "user" },
  { name: "wardrobing-risk", source: "rule" },
  { name: "influencer", source: "user" },
  { name: "needs-photos", source: "user" },
];

export const MULTIPLE_CHOICE_QUESTIONS: readonly { question: string; answers: readonly string[] }[] = [
  { question: "How did the item fit?", answers: ["Too small", "True to size", "Too large"] },
  { question: "Was the item worn?", answers: ["No, tags still attached", "Tried on only", "Worn outdoors"] },
  {
    question: "How was the packaging when it arrived?",
    answers: ["Intact", "Slightly damaged", "Badly damaged"],
  },
  { question: "Would you shop with us again?", answers: ["Yes", "Maybe", "No"] },
  {
    question: "What should we improve?",
    answers: ["Size guide", "Product photos", "Delivery speed", "Fabric quality"],
  },
];

/** What customers write in the return form, by reason code. */
export const CUSTOMER_COMMENTS: Record<string, readonly string[]> = {
  TOO_SMALL: ["Runs about a size small, the M fits like an S.", "Too tight across the shoulders."],
  TOO_LARGE: [
    "Lovely quality but the sleeves are too long for me.",
    "Way too roomy, I usually wear this size.",
  ],
  NOT_AS_DESCRIBED: ["The pockets shown in the photos are not there.", "Described as waterproof, it is not."],
  CHANGED_MIND: ["Found something I like better, sorry!"],
  COLOR_DIFFERENT: ["The colour is much darker than on the website."],
  QUALITY: ["Fabric is itchier and thinner than I expected."],
  ARRIVED_LATE: ["Arrived after my trip, no longer needed."],
  ORDERED_MULTIPLE_SIZES: ["Ordered two sizes to compare, keeping the other one."],
  UNCOMFORTABLE: ["Rubs at the heel after a short walk."],
  GIFT_UNWANTED: ["It was a gift and they already had one."],
  DAMAGED_IN_TRANSIT: ["Box arrived crushed and the item has a tear near the zipper."],
  WRONG_ITEM: ["I received a size L instead of the M I ordered."],
  MISSING_ITEM: ["Only one pair in the package instead of two."],
  DEFECTIVE_ON_ARRIVAL: ["Zipper was broken straight out of the box."],
  ZIPPER_FAILURE: ["The zipper stopped working after two weeks of normal use."],
  SEAM_FAILURE: ["Seam on the shoulder came apart on the first wash."],
  SOLE_SEPARATION: ["Sole started peeling at the toe after one hike."],
  WATERPROOFING_FAILURE: ["Jacket soaked through in light rain."],
  HARDWARE_FAILURE: ["Strap buckle snapped while adjusting it."],
  EXCESSIVE_PILLING: ["Pilling everywhere after three wears."],
};

/** Notes staff write on a return's timeline. */
export const STAFF_COMMENTS = [
  "Parcel received at the dock, seal intact.",
  "Inspected: tags attached, no signs of wear. OK to restock.",
  "Item shows signs of wear and the tag is removed. Applying the restocking fee.",
  "Customer called asking for an update; told them inspection takes up to 2 business days.",
  "Approved the exchange for the next size up, reserved from warehouse stock.",
  "Asked the customer for photos of the damage before approving the claim.",
  "Photos received, damage is consistent with transit. Claim approved.",
  "Carrier confirmed the delivery scan this morning.",
  "Escalated to the supplier under the warranty programme.",
  "Replacement shipped, tracking sent to the customer by e-mail.",
  "Duplicate request, the customer already returned this item on another return.",
  "Outside the 30-day window but approved as a one-time courtesy.",
  "Return label re-issued, the first one expired.",
  "Flagged: serial returner, check the account history before refunding.",
  "Store credit issued as a gift card, code e-mailed to the customer.",
  "Zipper slider missing. Sending to the repair partner instead of the vendor.",
  "Refund processed to the original payment method.",
  "Rejected: the item returned is not the item sold on this order.",
] as const;

/** Notes written by integrations through the API. */
export const INTEGRATION_COMMENTS = [
  "Return label generated by the WMS integration.",
  "Synced to the ERP as a return merchandise authorisation.",
  "Carrier webhook: package scanned at origin facility.",
  "Refund posted in the commerce platform.",
  "Inventory adjusted after inspection.",
] as const;

/** Notes customers leave from the returns portal. */
export const CUSTOMER_NOTES = [
  "Hi, I dropped the parcel off at the counter this morning.",
  "Can I get the exchange in Navy instead of Black?",
  "Is there an update on my refund?",
  "I lost the return label, could you resend it?",
  "Thanks for the quick help!",
] as const;

export const ASSESSMENT_RESPONSES: readonly { type: string; values: readonly string[] }[] = [
  {
    type: "short_text",
    values: [
      "No defects found",
      "Minor pilling on the sleeves",
      "Zipper pull missing",
      "Small stain on the front panel",
      "Sole glue failure at the toe",
      "Hang tag attached, original packaging",
      "Seam open 3 cm at the shoulder",
      "Odour, item has been worn",
    ],
  },
  { type: "select", values: ["Resellable", "Needs cleaning", "Refurbish", "Unsellable"] },
  { type: "boolean", values: ["true", "false"] },
  { type: "number", values: ["1", "2", "3", "4", "5"] },
];

export const ASSESSMENT_LONG_TEXT = [
  "Checked all seams and hardware. Item matches the order line and can go back to stock.",
  "Defect confirmed: the coating delaminates along the hood seam. Recommend a vendor claim.",
  "Item is clean and folded but the retail box is missing; resell as open box.",
] as const;

export const DROPOFF_PROVIDERS: Record<"US" | "CA", readonly string[]> = {
  US: ["UPS Access Point", "FedEx Office", "USPS Post Office", "Happy Returns Bar"],
  CA: ["Canada Post Outlet", "Purolator Shipping Centre", "UPS Access Point"],
};

/** Carriers that bring returns back, per country. */
export const RETURN_CARRIERS: Record<"US" | "CA", readonly string[]> = {
  US: ["UPS", "FedEx", "USPS"],
  CA: ["Canada Post", "Purolator", "UPS"],
};
