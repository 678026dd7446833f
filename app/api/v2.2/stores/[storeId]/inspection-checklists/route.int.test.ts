import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLineItems, products, productVariants, returnItems } from "@/lib/db/schema";
import type { ReturnInspection } from "@/lib/schemas/inspection";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest, TINY_PNG_BASE64 } from "@/lib/testing/api-helpers";
import { returnIn } from "@/lib/testing/return-lifecycle";
import { POST as process } from "../../../returns/[returnId]/process/route";
import { GET as getInspection } from "../returns/[returnId]/inspection/route";
import { GET, PUT } from "./route";

const { setup, cookies, owner, storeId } = setupDemoRouteTest({ returns: 120 });

/** "photo required when condition = damaged", "serial required for electronics". */
const CHECKLIST = {
  name: "Every return",
  applies_to: { product_types: [], tags: [], return_reasons: [] },
  questions: [
    { key: "sealed", label: "Sealed?", kind: "yes_no", required: true },
    {
      key: "condition",
      label: "Condition",
      kind: "choice",
      options: ["new", "used", "damaged"],
      required: true,
    },
    {
      key: "damage_photo",
      label: "Photo of the damage",
      kind: "photo",
      required_when: { question: "condition", equals: "damaged" },
    },
    { key: "serial", label: "Serial number", kind: "text", required_when: { product_type: "Electronics" } },
  ],
};

function replace(body: unknown, caller = { cookie: cookies.admin }) {
  return callRoute<{ checklists: { id: string }[] }>(
    PUT,
    { storeId: storeId() },
    { method: "PUT", path: `/stores/${storeId()}/inspection-checklists`, body, ...caller },
  );
}
function processIt(returnId: string, products: unknown[]) {
  return callRoute<{ return: Return }>(
    process,
    { returnId },
    { method: "POST", path: `/returns/${returnId}/process`, body: { products }, ...owner() },
  );
}
async function productTypeOf(itemId: string, productType: string) {
  const db = setup().database.db;
  const [row] = await db
    .select({ productId: productVariants.productId })
    .from(returnItems)
    .innerJoin(orderLineItems, eq(orderLineItems.id, returnItems.orderLineItemId))
    .innerJoin(productVariants, eq(productVariants.id, orderLineItems.variantId))
    .where(eq(returnItems.id, itemId));
  if (!row?.productId) throw new Error("the item has no catalog product");
  await db.update(products).set({ productType }).where(eq(products.id, row.productId));
}
const reject = (id: string, inspection?: unknown) => ({
  _id: id,
  reject: true,
  rejectReason: "Inspected",
  ...(inspection ? { inspection } : {}),
});

describe("inspection checklists", () => {
  it("are replaced whole by an admin, refused to an editor, and a rule must name an earlier question", async () => {
    expect((await replace({ checklists: [CHECKLIST] }, { cookie: cookies.editor })).status).toBe(403);
    const bad = await replace({
      checklists: [
        {
          ...CHECKLIST,
          questions: [
            {
              key: "photo",
              label: "Photo",
              kind: "photo",
              required_when: { question: "later", equals: "x" },
            },
          ],
        },
      ],
    });
    expectInvalid(bad, "store", ["checklists.0.questions.0.required_when.question"]);
    const saved = await replace({ checklists: [CHECKLIST] });
    expect(saved.status, saved.text).toBe(200);
    const listed = await callRoute<{ checklists: unknown[] }>(
      GET,
      { storeId: storeId() },
      { path: `/stores/${storeId()}/inspection-checklists`, cookie: cookies.viewer },
    );
    expect(listed.body.checklists).toEqual(saved.body.checklists);
  });

  it("the API refuses a process without a required answer, naming it, and keeps the answers as assessments", async () => {
    await replace({ checklists: [CHECKLIST] });
    const { returnId, itemIds } = await returnIn(setup().database.db, storeId(), "delivered");
    const itemId = itemIds[0] as string;
    await productTypeOf(itemId, "electronics");

    const inspection = await callRoute<ReturnInspection>(
      getInspection,
      { storeId: storeId(), returnId },
      { path: `/stores/${storeId()}/returns/${returnId}/inspection`, cookie: cookies.viewer },
    );
    expect(inspection.body.items.find((i) => i.item_id === itemId)?.checklist?.name).toBe("Every return");

    const damaged = [
      { question: "sealed", value: false },
      { question: "condition", value: "damaged" },
    ];
    const missing = await processIt(returnId, [reject(itemId, { answers: damaged })]);
    const problem = expectProblem(missing, 400, "return/invalid-request");
    expect(problem.detail).toContain('"Photo of the damage" (damage_photo)');
    expect(problem.detail).toContain('"Serial number" (serial)');
    expect(problem.errors).toContainEqual({
      path: "products.0.inspection.answers",
      message: 'Answer "Photo of the damage" (damage_photo): required when Condition is damaged.',
    });
    expect(problem.errors).toContainEqual({
      path: "products.0.inspection.answers",
      message: 'Answer "Serial number" (serial): required for Electronics.',
    });
    // No inspection at all is refused the same way: an integration cannot skip the checklist.
    expectProblem(await processIt(returnId, [reject(itemId)]), 400, "return/invalid-request");
    const wrongKind = await processIt(returnId, [
      reject(itemId, {
        answers: [
          { question: "sealed", value: "maybe" },
          { question: "condition", value: "new" },
        ],
      }),
    ]);
    expectInvalid(wrongKind, "return", ["products.0.inspection.answers.0.value"]);

    const done = await processIt(returnId, [
      reject(itemId, {
        answers: [
          ...damaged,
          { question: "damage_photo", value: [TINY_PNG_BASE64] },
          { question: "serial", value: "SN-42" },
        ],
        startedAt: "2026-11-27T10:00:00.000Z",
        decidedAt: "2026-11-27T10:01:30.000Z",
      }),
    ]);
    expect(done.status, done.text).toBe(200);
    const item = done.body.return.items.find((i) => i.id === itemId);
    const [assessment] = item?.assessments ?? [];
    expect(assessment).toMatchObject({
      checklist: { name: "Every return" },
      startedAt: "2026-11-27T10:00:00.000Z",
      decidedAt: "2026-11-27T10:01:30.000Z",
      durationSeconds: 90,
      assignedUser: { id: expect.stringMatching(/^key_/) },
    });
    expect(assessment?.responses).toEqual([
      { type: "boolean", value: false, question: "sealed", label: "Sealed?" },
      { type: "select", value: ["damaged"], question: "condition", label: "Condition" },
      {
        type: "file_upload",
        value: [expect.stringMatching(/\/api\/v2\.2\/comment-images\/img_/)],
        question: "damage_photo",
        label: "Photo of the damage",
      },
      { type: "short_text", value: "SN-42", question: "serial", label: "Serial number" },
    ]);
  });

  it("an item no checklist applies to needs no answers, and an answer to it is refused", async () => {
    await replace({
      checklists: [
        { ...CHECKLIST, applies_to: { product_types: [], tags: [], return_reasons: ["No such reason"] } },
      ],
    });
    const { returnId, itemIds } = await returnIn(setup().database.db, storeId(), "delivered");
    const itemId = itemIds[0] as string;
    expectInvalid(
      await processIt(returnId, [reject(itemId, { answers: [{ question: "sealed", value: true }] })]),
      "return",
      ["products.0.inspection.answers.0.question"],
    );
    expect((await processIt(returnId, [reject(itemId)])).status).toBe(200);
    await replace({ checklists: [] });
  });
});
