import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/**
 * Runs axe-core (all its rules but the experimental ones) on the page as it is now and fails listing every
 * serious or critical violation: rule, impact, what to fix and the elements. Minor and moderate findings are
 * attached to the test report, not failed on. `within` (a CSS selector) limits the check to part of the page:
 * for a page already checked whole whose other parts did not change.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { within }: { within?: string } = {},
): Promise<void> {
  // Anything mid-transition is measured blended: a toast fading in or out, or a button going from its disabled
  // colour back to its own as a form's answer arrives (CI once caught the sign-in button halfway from
  // indigo-300 to indigo-600). So axe waits until every finite transition and animation has finished;
  // endless ones (spinners, skeletons) are left alone.
  // A region marked busy is about to change: a form whose answer is loading enables its button as the
  // answer arrives, and that button's colour transition then runs while axe measures (CI caught Account's
  // Save halfway from indigo-300). A region busy for good is left to axe after the bound.
  await page
    .waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .every((animation) => animation.playState !== "running") &&
        // A toast is translucent from mounting until its fade-in starts, too.
        [...document.querySelectorAll("[data-sonner-toast]")].every(
          (toast) => getComputedStyle(toast).opacity === "1",
        ),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  // Violations are all this reads. axe still runs every rule on every element, but describes (selector, HTML)
  // one element per passing or inapplicable rule instead of all of them: on a large page that was a good
  // part of its time. Every violating element is still listed.
  // Legacy mode: axe runs in the page itself. The default (since axe 4.3) runs each frame apart and joins the
  // results in a new blank page, injecting axe a second time there, so that cross-origin frames can be read:
  // our pages have none (the CSP allows no other origin to be framed). Measured on four pages (87 to 2,200
  // elements, same build, same load): 1.2-2.4 s a check in legacy mode, 2.5-6.9 s by default, same findings.
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  const results = await (within ? builder.include(within) : builder).analyze();
  await test.info().attach("axe-results", {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const blocking = results.violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""));
  const report = blocking.map((v) => {
    const targets = v.nodes.map((node) => `    - ${node.target.join(" ")}`).join("\n");
    return `  ${v.id} (${v.impact}): ${v.help}\n${targets}`;
  });
  expect(
    blocking.length,
    `serious or critical accessibility violations on ${page.url()}:\n${report.join("\n")}`,
  ).toBe(0);
}
