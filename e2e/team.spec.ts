import type { Browser, Page } from "@playwright/test";
import {
  expect,
  expectNoSeriousA11yViolations,
  firstDemoStore,
  saveBothWidths,
  signInAs,
  signInThroughForm,
  test,
} from "./support/fixtures";
import { baseUrl } from "./support/run-context";

/** A browser of its own (no shared cookies), as the new member's own machine would be. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  return context.newPage();
}

test("an admin adds a member who sets a password from the link, then changes the role and removes them", async ({
  page,
  browser,
  context,
  run,
}) => {
  // Two browsers, three sign-ins through the form and eight screenshots: the slow-test budget.
  test.slow();
  const store = firstDemoStore(run);
  const email = `dock.${Date.now()}@harbor.example`;
  const firstPassword = "forklift morning tide";
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "admin");
  await page.goto(`/stores/${store.id}/settings/team`);
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  const table = page.getByRole("table", { name: "Team of this store" });
  await expect(table.getByRole("row").filter({ hasText: "admin@backroom.test" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveBothWidths(page, "team");

  let link = "";
  await test.step("add a member: the form checks the email, then shows the one-time link", async () => {
    await page.getByRole("button", { name: "Add member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill("not an email");
    await dialog.getByLabel("Name").fill("Dana Dock");
    await dialog.getByRole("button", { name: "Add member" }).click();
    await expect(dialog.getByText("Enter an e-mail address.")).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption("editor");
    await dialog.getByRole("button", { name: "Add member" }).click();
    await expect(dialog).toHaveAccessibleName("Send Dana Dock their link");
    link = await dialog.getByLabel("Set-password link").inputValue();
    expect(link).toMatch(/\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "team-member-link");
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = table.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Invited")).toBeVisible();
  });

  const member = await freshPage(browser);
  await test.step("the member opens the link, chooses a password and signs in", async () => {
    await member.goto(link);
    await expect(member.getByRole("heading", { name: "Choose your password" })).toBeVisible();
    await expectNoSeriousA11yViolations(member);
    await saveBothWidths(member, "set-password");
    await member.getByLabel("New password").fill("short");
    await member.getByLabel("Repeat the password").fill("short");
    await member.getByRole("button", { name: "Set password" }).click();
    await expect(member.getByText("Use at least 12 characters.")).toBeVisible();
    await member.getByLabel("New password").fill(firstPassword);
    await member.getByLabel("Repeat the password").fill(firstPassword);
    await member.getByRole("button", { name: "Set password" }).click();
    await expect(member).toHaveURL(/\/sign-in\?password=set/);
    await expect(member.getByLabel("Email")).toHaveValue(email);
    await member.getByLabel("Password").fill(firstPassword);
    await member.getByRole("button", { name: "Sign in" }).click();
    await expect(member).toHaveURL(new RegExp(`/stores/${store.id}`));
    // The link is spent.
    await member.goto(link);
    await expect(member.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  });

  await test.step("the admin sees them active, makes them a viewer after confirming; the last admin cannot step down", async () => {
    await page.reload();
    const row = table.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Active")).toBeVisible();
    const select = row.getByLabel("Role of Dana Dock");
    // A role change asks first, naming the person and both roles; cancelling puts the select back.
    await select.selectOption("viewer");
    const confirm = page.getByRole("dialog", { name: "Change Dana Dock's role?" });
    await expect(confirm).toContainText(`Dana Dock (${email}) goes from Editor to Viewer.`);
    await expect(select).toHaveValue("viewer");
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "team-role-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(select).toHaveValue("editor");
    await select.selectOption("viewer");
    await confirm.getByRole("button", { name: "Make them a viewer" }).click();
    await expect(page.getByText("Dana Dock is now a viewer")).toBeVisible();
    // The dialog closes once the change is settled; only then is the table usable again.
    await expect(confirm).toBeHidden();
    await expect(select).toHaveValue("viewer");
    const self = table.getByRole("row").filter({ hasText: "admin@backroom.test" });
    await self.getByRole("combobox").selectOption("editor");
    await page.getByRole("dialog").getByRole("button", { name: "Make me an editor" }).click();
    await expect(page.getByText("This is the store's last admin")).toBeVisible();
    await expect(self.getByRole("combobox")).toHaveValue("admin");
  });

  await test.step("the member changes their own password and stays signed in", async () => {
    await member.goto(`/stores/${store.id}/account`);
    await expect(member.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expectNoSeriousA11yViolations(member);
    await saveBothWidths(member, "account");
    const current = member.getByLabel("Current password");
    const next = member.getByLabel("New password", { exact: true });
    const repeat = member.getByLabel("Repeat the new password");
    // A mismatch keeps every field and puts the error on the repeat field.
    await current.fill(firstPassword);
    await next.fill("lantern quay evening");
    await repeat.fill("lantern quay evenin");
    await member.getByRole("button", { name: "Change password" }).click();
    await expect(repeat).toHaveAccessibleDescription("The two passwords differ.");
    await expect(repeat).toBeFocused();
    await expect(current).toHaveValue(firstPassword);
    await expect(next).toHaveValue("lantern quay evening");
    // A wrong current password clears that field only, with the error on it.
    await current.fill("wrong password here");
    await repeat.fill("lantern quay evening");
    await member.getByRole("button", { name: "Change password" }).click();
    await expect(current).toHaveAccessibleDescription("This is not your current password.");
    await expect(current).toBeFocused();
    await expect(current).toHaveValue("");
    await expect(next).toHaveValue("lantern quay evening");
    await expect(repeat).toHaveValue("lantern quay evening");
    await expectNoSeriousA11yViolations(member);
    await saveBothWidths(member, "account-wrong-password");
    await current.fill(firstPassword);
    await member.getByRole("button", { name: "Change password" }).click();
    await expect(member.getByText("Password changed")).toBeVisible();
    await member.goto(`/stores/${store.id}/returns`);
    await expect(member).toHaveURL(new RegExp(`/stores/${store.id}/returns`));
  });

  const lostNotice = `You no longer have access to ${store.name}.`;
  await test.step("the admin removes them: their next page load asks them to sign in and says why", async () => {
    // Off the app while they are removed: an open page of theirs whose refetch meets the ended session goes
    // to sign-in by itself, which would race the page load this step is about.
    await member.goto("about:blank");
    const row = table.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: "Remove Dana Dock" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Dana Dock was removed from this store")).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await member.goto(`/stores/${store.id}/returns`);
    await expect(member).toHaveURL(/\/sign-in/);
    await expect(member.getByRole("status")).toContainText(lostNotice);
    await expectNoSeriousA11yViolations(member);
    await saveBothWidths(member, "sign-in-removed");
    await signInThroughForm(member, email, "lantern quay evening");
    // They can still sign in, but belong to no store any more.
    await expect(member.getByText("You are not a member of any store yet")).toBeVisible();
    // The store's own pages say why, rather than a bare 404.
    await member.goto(`/stores/${store.id}/returns`);
    await expect(member.getByRole("heading", { level: 1, name: `No access to ${store.name}` })).toBeVisible();
  });

  await test.step("a stranger at the same sign-in address is told nothing", async () => {
    const stranger = await freshPage(browser);
    await stranger.goto(`/sign-in?callbackUrl=${encodeURIComponent(`/stores/${store.id}/returns`)}`);
    await expect(stranger.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(stranger.getByText(lostNotice)).toHaveCount(0);
    await stranger.context().close();
  });

  await test.step("added again, they are restored with their own password, and the dialog says so", async () => {
    await page.getByRole("button", { name: "Add member" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Name").fill("Dana Dock");
    await dialog.getByRole("button", { name: "Add member" }).click();
    await expect(dialog).toHaveAccessibleName("Dana Dock was added back");
    await expect(dialog).toContainText("was a member of this store before");
    await expect(dialog).toContainText("sign in with the password they already have");
    await expect(dialog).not.toContainText("another store");
    await expectNoSeriousA11yViolations(page);
    await saveBothWidths(page, "team-member-added-back");
    await dialog.getByRole("button", { name: "Done" }).click();
    await member.goto(`/stores/${store.id}/returns`);
    await expect(member.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  });
  await member.context().close();
});

test("a viewer does not see the team page's controls", async ({ page, run }) => {
  const store = firstDemoStore(run);
  await signInAs(page, "viewer");
  await page.goto(`/stores/${store.id}/settings/team`);
  await expect(page.getByText("Only admins manage the team")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add member" })).toHaveCount(0);
});
