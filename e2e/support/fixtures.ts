import { test as base } from "@playwright/test";
import { firstDemoStore, type RunContext, readRunContext, type SeededStore } from "./run-context";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * What specs import: `test` and `expect`, with three fixtures,
 *   run:             the seeded stores (demo stores, bulk store) and accounts of this run;
 *   demoStore:       the run's first demo store, where every demo account works;
 *   webhookReceiver: a local HTTP endpoint recording webhook deliveries, closed after the test;
 * and the helpers below. Example:
 *
 *   test("viewer sees the returns", async ({ page, run }) => {
 *     await signInAs(page, "viewer");
 *     await page.goto(`/stores/${run.demoStores[0].id}/returns`);
 *     await expectNoSeriousA11yViolations(page);
 *     await saveScreenshot(page, "returns-list-viewer");
 *   });
 */
export const test = base.extend<{
  run: RunContext;
  demoStore: SeededStore;
  webhookReceiver: WebhookReceiver;
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
  run: async ({}, use) => {
    await use(readRunContext());
  },
  demoStore: async ({ run }, use) => {
    await use(firstDemoStore(run));
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructuring pattern here.
  webhookReceiver: async ({}, use) => {
    const receiver = await startWebhookReceiver();
    await use(receiver);
    await receiver.close();
  },
});

export { expect } from "@playwright/test";
export { expectNoSeriousA11yViolations } from "./a11y";
export { signInAs, signInThroughForm } from "./auth";
export { firstDemoStore, type Role, type RunContext } from "./run-context";
export { saveBothWidths, saveScreenshot } from "./screenshots";
export type { WebhookReceiver } from "./webhook-receiver";
