import { test as base, expect } from "@playwright/test";
import { watchCspViolations } from "./csp";
import { firstDemoStore, type RunContext, readRunContext, type SeededStore } from "./run-context";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/**
 * What specs import: `test` and `expect`, with four fixtures,
 *   run:             the seeded stores (demo stores, bulk store) and accounts of this run;
 *   demoStore:       the run's first demo store, where every demo account works;
 *   webhookReceiver: a local HTTP endpoint recording webhook deliveries, closed after the test;
 *   cspViolations:   automatic: the Content-Security-Policy violations of the test's pages, which fail it
 *                    at its end (a test expecting some reads them and empties the list);
 * and the helpers below (claims: e2e/support/claims.ts, for rows a test changes). Example:
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
  cspViolations: string[];
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
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCspViolations(context);
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expectNoSeriousA11yViolations } from "./a11y";
export { signInAs, signInThroughForm } from "./auth";
export { claim, claimFirst, claimNeighbours } from "./claims";
export { firstDemoStore, type Role, type RunContext } from "./run-context";
export { saveBothWidths, saveScreenshot } from "./screenshots";
export type { WebhookReceiver } from "./webhook-receiver";
export { expect };
