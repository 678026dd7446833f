import type { ReturnShipmentStatus } from "../enums";
import type { AssessmentResponse } from "../schemas/returns";
import { CARRIERS } from "./catalog-logistics";
import {
  ASSESSMENT_LONG_TEXT,
  ASSESSMENT_RESPONSES,
  CUSTOMER_NOTES,
  DROPOFF_PROVIDERS,
  INTEGRATION_COMMENTS,
  RETURN_CARRIERS,
  STAFF_COMMENTS,
  TAGS,
} from "./catalog-returns";
import { addMs, DAY_MS, fillPattern, isoDate } from "./format";
import type { DemoReturnStage } from "./generate-return-rules";
import type { Random } from "./random";
import type {
  LocationInfo,
  MakeId,
  ReturnCommentRow,
  ReturnDropoffRow,
  ReturnItemAssessmentRow,
  ReturnShipmentRow,
  ReturnTagRow,
  StaffInfo,
  StoreContext,
} from "./types";

/** Reserved `.example` domain: labels and QR codes are links in the demo, never fetched. */
const ASSET_HOST = "https://returns.backroom.example";

/** Status of the return's parcels while the return is in `status`; null when it has none. */
function parcelStatus(random: Random, status: DemoReturnStage, ageDays: number): ReturnShipmentStatus | null {
  switch (status) {
    case "pre_shipment":
      return random.chance(0.5) ? null : "unknown";
    case "open":
      return ageDays > 30
        ? "expired"
        : random.weighted<ReturnShipmentStatus>([
            ["pre_transit", 8],
            ["unknown", 2],
          ]);
    case "in_transit":
      return random.weighted<ReturnShipmentStatus>([
        ["in_transit", 12],
        ["out_for_delivery", 3],
        ["available_for_pickup", 1],
      ]);
    case "flagged":
      return random.weighted<ReturnShipmentStatus>([
        ["delivered", 6],
        ["failure", 2],
        ["error", 1],
        ["return_to_sender", 1],
      ]);
    case "deleted":
      return random.chance(0.4) ? null : "cancelled";
    default:
      return "delivered";
  }
}

export type ParcelPlan = {
  returnId: string;
  status: DemoReturnStage;
  country: "US" | "CA";
  destination: LocationInfo;
  /** Ids of the items to ship back (green items stay with the customer). */
  itemIds: string[];
  labelAt: Date;
  deliveredAt: Date;
  ageDays: number;
};

/** 0 to 2 parcels carrying the items back, their drop-off options, and each item's shipment groups. */
export function generateParcels(random: Random, makeId: MakeId, plan: ParcelPlan) {
  const shipments: ReturnShipmentRow[] = [];
  const dropoffs: ReturnDropoffRow[] = [];
  const groupsByItem = new Map<string, string[]>();
  const status = plan.itemIds.length > 0 ? parcelStatus(random, plan.status, plan.ageDays) : null;
  if (!status) return { shipments, dropoffs, groupsByItem };

  const split = plan.itemIds.length > 1 && random.chance(0.2);
  const groups = split ? [plan.itemIds.slice(0, 1), plan.itemIds.slice(1)] : [plan.itemIds];
  groups.forEach((itemIds, position) => {
    const id = makeId("returnShipment");
    const groupId = `SG-${random.string("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ", 8)}`;
    const carrierName = random.pick(RETURN_CARRIERS[plan.country]);
    const carrier = CARRIERS.find((c) => c.name === carrierName);
    const labelled = status !== "unknown" || random.chance(0.3);
    const tracker = labelled && carrier ? fillPattern(random, carrier.trackingPattern) : null;
    for (const itemId of itemIds) groupsByItem.set(itemId, [...(groupsByItem.get(itemId) ?? []), groupId]);
    shipments.push({
      id,
      returnId: plan.returnId,
      position,
      carrier: labelled ? carrierName : null,
      tracker,
      trackingUrl:
        tracker && carrier ? carrier.trackingUrl.replace("{tracking}", encodeURIComponent(tracker)) : null,
      postageLabel: tracker ? `${ASSET_HOST}/labels/${id}.pdf` : null,
      formLabel:
        tracker && plan.country === "CA" && random.chance(0.1) ? `${ASSET_HOST}/forms/${id}.pdf` : null,
      shipmentGroupId: groupId,
      externalLocationId: plan.destination.template.externalId,
      estimatedDeliveryDate: tracker ? isoDate(addMs(plan.labelAt, random.int(3, 8) * DAY_MS)) : null,
      deliveredAt: status === "delivered" ? plan.deliveredAt : null,
      status,
      itemIds,
    });
    if ((status === "pre_transit" || status === "unknown") && random.chance(0.6)) {
      for (const provider of random.sample(DROPOFF_PROVIDERS[plan.country], random.int(1, 2))) {
        const qrCode = random.string("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ", 12);
        dropoffs.push({
          returnId: plan.returnId,
          position: dropoffs.length,
          shipmentGroupId: groupId,
          provider,
          qrCode,
          qrCodeUrl: `${ASSET_HOST}/qr/${qrCode}.png`,
        });
      }
    }
  });
  return { shipments, dropoffs, groupsByItem };
}

function splitName(name: string): [string, string] {
  const space = name.indexOf(" ");
  return space < 0 ? [name, ""] : [name.slice(0, space), name.slice(space + 1)];
}

/** A catalogue answer as the response of its kind: a select holds its options, yes/no and scores are typed. */
function typedResponse(type: string, value: string): AssessmentResponse {
  if (type === "select") return { type, value: [value] };
  if (type === "boolean") return { type, value: value === "true" };
  if (type === "number") return { type, value: Number(value) };
  return { type: "short_text", value };
}

/** A warehouse assessment by one of the store's staff, with 2 to 4 responses. */
export function generateAssessment(
  random: Random,
  makeId: MakeId,
  returnItemId: string,
  staff: StaffInfo,
  createdAt: Date,
): ReturnItemAssessmentRow {
  const [firstName, lastName] = splitName(staff.name);
  const [shortText, ...others] = ASSESSMENT_RESPONSES;
  const responses: AssessmentResponse[] = [];
  if (shortText) responses.push({ type: "short_text", value: random.pick(shortText.values) });
  for (const template of random.sample(others, random.int(1, others.length))) {
    responses.push(typedResponse(template.type, random.pick(template.values)));
  }
  if (random.chance(0.2)) responses.push({ type: "long_text", value: random.pick(ASSESSMENT_LONG_TEXT) });
  return {
    id: makeId("assessment"),
    returnItemId,
    assignedUserId: staff.id,
    assignedUserName: staff.name,
    assignedUserFirstName: firstName,
    assignedUserLastName: lastName,
    assignedUserEmail: staff.email,
    responses,
    createdAt,
  };
}

export function generateTags(random: Random, returnId: string, from: Date, to: Date): ReturnTagRow[] {
  const count = random.weighted([
    [0, 45],
    [1, 35],
    [2, 15],
    [3, 5],
  ]);
  return random.sample(TAGS, count).map((tag) => ({
    returnId,
    name: tag.name,
    source: tag.source,
    createdAt: random.dateBetween(from, to),
  }));
}

/** 0 to 4 text comments between `from` and `to`, by staff, the store's integration or the customer. */
export function generateComments(
  random: Random,
  makeId: MakeId,
  store: StoreContext,
  returnId: string,
  customerName: string,
  from: Date,
  to: Date,
): ReturnCommentRow[] {
  const count = random.weighted([
    [0, 30],
    [1, 30],
    [2, 20],
    [3, 12],
    [4, 8],
  ]);
  const times = Array.from({ length: count }, () => random.dateBetween(from, to)).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  return times.map((createdAt) => {
    const author = random.weighted<"staff" | "integration" | "customer">([
      ["staff", store.staff.length > 0 ? 60 : 0],
      ["integration", store.apiKeyId ? 15 : 0],
      ["customer", 25],
    ]);
    const base = { id: makeId("comment"), returnId, imageId: null, createdAt };
    if (author === "staff") {
      const staff = random.pick(store.staff);
      return {
        ...base,
        message: random.pick(STAFF_COMMENTS),
        authorUserId: staff.id,
        authorName: staff.name,
      };
    }
    if (author === "integration") {
      return {
        ...base,
        message: random.pick(INTEGRATION_COMMENTS),
        authorApiKeyId: store.apiKeyId,
        authorName: store.apiKeyName,
      };
    }
    return { ...base, message: random.pick(CUSTOMER_NOTES), authorName: customerName };
  });
}
