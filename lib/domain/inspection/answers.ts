import { eq } from "drizzle-orm";
import type { Db } from "../../db";
import { returnItemAssessments, staffUsers } from "../../db/schema";
import { newId } from "../../ids";
import type {
  Checklist,
  ChecklistQuestion,
  InspectionAnswer,
  ProcessInspection,
} from "../../schemas/inspection";
import { answerText, requiredBecause } from "../../schemas/inspection-rules";
import type { AssessmentResponse } from "../../schemas/returns";
import type { Actor } from "../actor";
import { type FieldIssue, ValidationError } from "../errors";
import { type DecodedImage, decodeImage } from "../images/decode";
import { imageUrl, storeImage } from "../images/stored";
import type { InspectedItem } from "./checklists";

/**
 * The rules of an item's checklist, applied to the answers a process request carries (docs/inspection.md): the
 * same whether the process panel or an integration sends them, so no caller can skip a required answer.
 */

/** The answer's value as its question takes it, or the reason it does not fit. */
function kindProblem(
  question: ChecklistQuestion,
  value: InspectionAnswer["value"],
): { ok: true } | { problem: string } {
  switch (question.kind) {
    case "yes_no":
      return typeof value === "boolean" ? { ok: true } : { problem: "Answer yes or no (true or false)." };
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? { ok: true }
        : { problem: "Answer a number." };
    case "text":
      return typeof value === "string" ? { ok: true } : { problem: "Answer in text." };
    case "choice":
      return typeof value === "string" &&
        (question.options ?? []).some((o) => o.toLowerCase() === value.toLowerCase())
        ? { ok: true }
        : { problem: `Answer one of: ${(question.options ?? []).join(", ")}.` };
    case "photo":
      return Array.isArray(value) ? { ok: true } : { problem: "Send the photos as a list of images." };
  }
}

export type CheckedInspection = {
  checklist: Checklist | null;
  /** Each answer in the checklist's order, with its photos decoded (stored in the transaction). */
  answers: { question: ChecklistQuestion; value: InspectionAnswer["value"]; photos: DecodedImage[] }[];
  startedAt?: Date;
  decidedAt?: Date;
};

/**
 * Checks every product's answers against its item's checklist, all at once: an unknown question, an answer of
 * the wrong kind or a missing required answer is a 400 whose detail names each missing answer and whose errors
 * point at the product (`products.2.inspection.answers`). Photos are decoded here.
 */
export function checkInspections(
  products: readonly { _id: string; inspection?: ProcessInspection }[],
  items: ReadonlyMap<string, InspectedItem>,
  checklistOf: (item: InspectedItem) => Checklist | null,
): CheckedInspection[] {
  const issues: FieldIssue[] = [];
  const missing: string[] = [];
  const checked = products.map((product, index): CheckedInspection => {
    const at = `products.${index}.inspection`;
    const item = items.get(product._id);
    const checklist = item ? checklistOf(item) : null;
    const inspection = product.inspection;
    const given = new Map((inspection?.answers ?? []).map((answer) => [answer.question, answer.value]));
    const answers: CheckedInspection["answers"] = [];
    (inspection?.answers ?? []).forEach((answer, n) => {
      if (!checklist?.questions.some((q) => q.key === answer.question)) {
        issues.push({
          path: `${at}.answers.${n}.question`,
          message: checklist
            ? `The checklist "${checklist.name}" asks no question ${answer.question}.`
            : "This item has no inspection checklist.",
        });
      }
    });
    for (const question of checklist?.questions ?? []) {
      const value = given.get(question.key);
      const empty = answerText(value) === undefined;
      const why = item && checklist ? requiredBecause(question, checklist, item.productType, given) : null;
      if (empty) {
        if (why) {
          issues.push({
            path: `${at}.answers`,
            message: `Answer "${question.label}" (${question.key}): ${why}.`,
          });
          missing.push(`"${question.label}" (${question.key}) for item ${product._id}`);
        }
        continue;
      }
      const n = inspection?.answers.findIndex((a) => a.question === question.key) ?? -1;
      const fits = kindProblem(question, value as InspectionAnswer["value"]);
      if ("problem" in fits) {
        issues.push({ path: `${at}.answers.${n}.value`, message: `${question.label}: ${fits.problem}` });
        continue;
      }
      const photos: DecodedImage[] = [];
      if (question.kind === "photo") {
        (value as string[]).forEach((photo, p) => {
          try {
            photos.push(decodeImage(photo, (reason) => new Error(reason)));
          } catch (error) {
            issues.push({ path: `${at}.answers.${n}.value.${p}`, message: (error as Error).message });
          }
        });
      }
      answers.push({ question, value: value as InspectionAnswer["value"], photos });
    }
    return {
      checklist,
      answers,
      startedAt: inspection?.startedAt ? new Date(inspection.startedAt) : undefined,
      decidedAt: inspection?.decidedAt ? new Date(inspection.decidedAt) : undefined,
    };
  });
  if (issues.length > 0) {
    const detail =
      missing.length > 0
        ? `The inspection checklist is not complete: missing answer ${missing.join("; ")}.`
        : "Some inspection answers do not fit their checklist.";
    throw new ValidationError("return", issues, detail);
  }
  return checked;
}

/** The published response of one answer: its type by the question's kind, with the question it answers. */
function responseOf(
  question: ChecklistQuestion,
  value: InspectionAnswer["value"],
  urls: string[],
): AssessmentResponse {
  const about = { question: question.key, label: question.label };
  switch (question.kind) {
    case "yes_no":
      return { type: "boolean", value: value as boolean, ...about };
    case "number":
      return { type: "number", value: value as number, ...about };
    case "choice": {
      const option = (question.options ?? []).find((o) => o.toLowerCase() === String(value).toLowerCase());
      return { type: "select", value: [option ?? String(value)], ...about };
    }
    case "photo":
      return { type: "file_upload", value: urls, ...about };
    case "text":
      return {
        type: (value as string).length > 255 ? "long_text" : "short_text",
        value: value as string,
        ...about,
      };
  }
}

/** The assessment's assigned user: the staff member who inspected, or the API secret that sent it. */
async function assignedUserOf(tx: Db, actor: Actor) {
  if (actor.userId) {
    const [user] = await tx
      .select({ email: staffUsers.email, name: staffUsers.name })
      .from(staffUsers)
      .where(eq(staffUsers.id, actor.userId));
    const name = user?.name ?? actor.name;
    const [first = "", ...rest] = name.split(" ");
    return { id: actor.userId, name, firstName: first, lastName: rest.join(" "), email: user?.email ?? "" };
  }
  return { id: actor.apiKeyId ?? "system", name: actor.name, firstName: actor.name, lastName: "", email: "" };
}

/**
 * Stores an item's inspection as one of its assessments, in the process transaction: the photos as images
 * (the answer keeps their URLs), the checklist's id and name, and the time from the first scan to the
 * decision. A product without a checklist and without times records nothing.
 */
export async function recordInspection(
  tx: Db,
  input: { storeId: string; returnItemId: string; actor: Actor; inspection: CheckedInspection },
): Promise<void> {
  const { checklist, answers, startedAt, decidedAt } = input.inspection;
  if (!checklist && !startedAt && !decidedAt) return;
  const responses: AssessmentResponse[] = [];
  for (const answer of answers) {
    const urls: string[] = [];
    for (const photo of answer.photos) urls.push(imageUrl(await storeImage(tx, input.storeId, photo)));
    responses.push(responseOf(answer.question, answer.value, urls));
  }
  const user = await assignedUserOf(tx, input.actor);
  await tx.insert(returnItemAssessments).values({
    id: newId("assessment"),
    returnItemId: input.returnItemId,
    assignedUserId: user.id,
    assignedUserName: user.name,
    assignedUserFirstName: user.firstName,
    assignedUserLastName: user.lastName,
    assignedUserEmail: user.email,
    responses,
    checklistId: checklist?.id ?? null,
    checklistName: checklist?.name ?? null,
    startedAt: startedAt ?? null,
    // The decision is when the request says, else now: the end of the inspection is its processing.
    decidedAt: decidedAt ?? (startedAt ? new Date() : null),
  });
}
