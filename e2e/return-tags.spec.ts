import type { APIRequestContext } from "@playwright/test";
import type { Return } from "../lib/schemas/returns";
import {
  claimFirst,
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveScreenshot,
  signInAs,
  test,
} from "./support/fixtures";

/**
 * Tagging a return from the store's catalogue, as an editor does it: the catalogue's names are offered,
 * one is added, a new one is created from the same field (and joins the catalogue), and one is removed.
 */

async function openReturnWithoutTags(request: APIRequestContext, storeId: string): Promise<Return> {
  const response = await request.get(`/api/v2.2/stores/${storeId}/returns?status=open`, {
    headers: { "X-Page-Size": "100" },
  });
  expect(response.status(), await response.text()).toBe(200);
  const untagged = ((await response.json()) as { returns: Return[] }).returns.filter(
    (ret) => ret.tags.length === 0,
  );
  return claimFirst("return", untagged, (ret) => ret.id, "open return without tags");
}

test("an editor tags a return from the catalogue, creates a new tag inline and removes one", async ({
  page,
  run,
}) => {
  const store = firstDemoStore(run);
  await signInAs(page, "editor");
  const ret = await openReturnWithoutTags(page.request, store.id);
  const catalogue = await page.request.get(`/api/v2.2/stores/${store.id}/return-tags`);
  const { tags } = (await catalogue.json()) as { tags: { name: string }[] };
  const known = tags.find((tag) => tag.name !== "flagged");
  if (!known) throw new Error("the demo store's catalogue is empty");

  await page.goto(`/stores/${store.id}/returns/${ret.id}`);
  // The page renders its return after one fetch; a busy machine takes a while.
  await expect(page.getByRole("heading", { level: 1, name: /^Return for order/ })).toBeVisible({
    timeout: 30_000,
  });
  const field = page.getByRole("combobox", { name: "Add a tag" });
  await expect(field).toBeVisible();

  // A catalogue name: the button says Add.
  await field.fill(known.name);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const onReturn = page.getByRole("list", { name: "Tags on this return" });
  await expect(onReturn.getByText(known.name)).toBeVisible();
  await expect(field).toHaveValue("");

  // A new name: the button offers to create it, and the catalogue has it afterwards.
  const fresh = `e2e-tag-${Date.now().toString(36)}`;
  await field.fill(fresh);
  await expect(page.getByRole("button", { name: "Create tag" })).toBeVisible();
  await page.getByRole("button", { name: "Create tag" }).click();
  await expect(onReturn.getByText(fresh)).toBeVisible();
  const after = (await (await page.request.get(`/api/v2.2/stores/${store.id}/return-tags`)).json()) as {
    tags: { name: string }[];
  };
  expect(after.tags.map((tag) => tag.name)).toContain(fresh);

  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, "return-tags");
  await page.setViewportSize({ width: 768, height: 1024 });
  await saveScreenshot(page, "return-tags-768");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("button", { name: `Remove tag ${known.name}` }).click();
  await expect(onReturn.getByText(known.name)).toHaveCount(0);
  await expect(onReturn.getByText(fresh)).toBeVisible();
});
