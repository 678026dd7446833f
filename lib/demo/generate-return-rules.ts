import type { CompensationMethod, ReturnStatus, ReturnType } from "../enums";
import type { MultipleChoiceAnswer } from "../schemas/returns";
import { GRADES, MULTIPLE_CHOICE_QUESTIONS } from "./catalog-returns";
import { addMs, DAY_MS, HOUR_MS } from "./format";
import type { Random } from "./random";

/**
 * The rules the return generator follows: which compensation each return type gets, how long after the
 * order customers ask, which status a return of a given age is in, how far along its timeline each status
 * is, and how items are graded and what becomes of them.
 */

export const COMPENSATION: Record<ReturnType, readonly (readonly [CompensationMethod[], number])[]> = {
  return: [
    [["refund"], 50],
    [["store_credit"], 18],
    [["exchange"], 20],
    [["refund", "exchange"], 7],
    [["store_credit", "exchange"], 5],
  ],
  claim: [
    [["refund"], 50],
    [["exchange"], 40],
    [["store_credit"], 10],
  ],
  warranty: [
    [["exchange"], 50],
    [["store_credit"], 30],
    [["refund"], 20],
  ],
};

/** Days between the order and the return request, by return type. */
export const REQUEST_DELAY_DAYS: Record<ReturnType, [number, number]> = {
  return: [2, 30],
  claim: [1, 10],
  warranty: [45, 330],
};

/** The stages the generator simulates a return through: the published statuses (decisions §5). */
export type DemoReturnStage = ReturnStatus;

/** How far along its timeline (label, transit, delivery, review, decision) a return in each stage is. */
export const MILESTONE: Record<DemoReturnStage, number> = {
  pre_shipment: 0,
  open: 1,
  deleted: 1,
  in_transit: 2,
  delivered: 3,
  needs_review: 3,
  in_review: 4,
  flagged: 4,
  complete: 5,
  rejected: 5,
};

export const REVIEWED: ReadonlySet<DemoReturnStage> = new Set([
  "in_review",
  "complete",
  "rejected",
  "flagged",
]);

export function pickStatus(random: Random, ageDays: number): DemoReturnStage {
  if (ageDays < 7) {
    return random.weighted<DemoReturnStage>([
      ["pre_shipment", 18],
      ["open", 28],
      ["in_transit", 30],
      ["delivered", 10],
      ["needs_review", 6],
      ["flagged", 3],
      ["deleted", 3],
      ["in_review", 2],
    ]);
  }
  if (ageDays < 30) {
    return random.weighted<DemoReturnStage>([
      ["pre_shipment", 3],
      ["open", 6],
      ["in_transit", 14],
      ["delivered", 14],
      ["needs_review", 14],
      ["in_review", 14],
      ["complete", 23],
      ["rejected", 4],
      ["flagged", 4],
      ["deleted", 4],
    ]);
  }
  return random.weighted<DemoReturnStage>([
    ["pre_shipment", 1],
    ["open", 2],
    ["in_transit", 2],
    ["delivered", 3],
    ["needs_review", 3],
    ["in_review", 3],
    ["complete", 70],
    ["rejected", 8],
    ["flagged", 3],
    ["deleted", 5],
  ]);
}

/** Times of the milestones after `createdAt`, compressed when the return is too recent to fit them. */
export function timeline(random: Random, createdAt: Date, anchor: Date, reach: number): Date[] {
  const steps = [
    0,
    random.float(0.05, 2),
    random.float(0.5, 3),
    random.float(2, 7),
    random.float(0.5, 4),
    random.float(0.1, 3),
  ];
  const offsets: number[] = [];
  let sum = 0;
  for (const step of steps) {
    sum += step * DAY_MS;
    offsets.push(sum);
  }
  const available = anchor.getTime() - createdAt.getTime() - HOUR_MS;
  const needed = offsets[reach] ?? 0;
  const scale = needed > available ? Math.max(0, available) / needed : 1;
  return offsets.map((offset) => addMs(createdAt, Math.floor(offset * scale)));
}

export function gradeFor(random: Random, status: DemoReturnStage): string {
  if (status === "rejected") return random.pick(GRADES.slice(2));
  return random.weighted(GRADES.map((grade, i) => [grade, [40, 30, 15, 10, 5][i] ?? 1] as const));
}

export function outcomeFor(random: Random, grade: string, type: ReturnType): string {
  if (type === "warranty") return random.pick(["return_to_vendor", "refurbish"]);
  if (grade.startsWith("A")) return "restock";
  if (grade.startsWith("B")) return random.pick(["restock", "resell_as_second"]);
  if (grade.startsWith("C")) return random.pick(["refurbish", "resell_as_second", "donate"]);
  if (grade.startsWith("D")) return random.pick(["return_to_vendor", "recycle"]);
  return random.pick(["dispose", "recycle"]);
}

export function multipleChoice(random: Random): MultipleChoiceAnswer[] {
  const count = random.weighted([
    [0, 40],
    [1, 35],
    [2, 25],
  ]);
  return random
    .sample(MULTIPLE_CHOICE_QUESTIONS, count)
    .map((q) => ({ question: q.question, answer: random.pick(q.answers) }));
}

export function externalIdentifier(random: Random, year: number): string {
  return random.weighted([
    [`LPN${random.digits(8)}`, 4],
    [`RMA-${year}-${random.digits(6)}`, 4],
    [`WMS-${random.string("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ", 10)}`, 2],
  ]);
}
