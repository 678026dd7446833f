import type { Locator, Page } from "@playwright/test";

/**
 * The item rows of a virtualised list table: each item is a `tbody` of its own (with `data-index`) whose first
 * row is the item and whose second, when opened, its details.
 */
export function listRows(table: Locator): Locator {
  return table.locator("tbody[data-index] > tr:first-child");
}

/** The list's summary ("Showing 1,200 loaded · more available"), a status region. */
export function listSummary(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /^Showing/ });
}
