import type { BrowserContext } from "@playwright/test";

/**
 * Collects the Content-Security-Policy violations of every page of `context`: the `securitypolicyviolation`
 * events (reported through the console by a script Playwright runs before the page's own, which the policy
 * does not cover) and Chromium's own console errors about the policy. The fixture in fixtures.ts fails any
 * test that leaves one behind.
 */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} refused ${event.blockedURI || "an inline script or style"}` +
          ` (${event.sourceFile || "the page"}:${event.lineNumber})`,
      );
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && /CSP violation|Content Security Policy/.test(text)) {
      violations.push(`${message.page()?.url() ?? "a page"}: ${text}`);
    }
  });
  return violations;
}
