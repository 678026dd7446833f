import { existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { baseUrl, type Role, readRunContext, runDir } from "./run-context";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Signs `page`'s browser context in as the demo account of `role`. Each role signs in once per run, through
 * the real sign-in form, the first time a test asks for it; later calls (in any worker) reuse the saved
 * session cookies. Navigate after calling it.
 *
 * The saved session is shared: a test that signs out or changes the account's password must sign in on its
 * own (see `signInThroughForm`), and lock-out tests use the `lockout` account.
 */
export async function signInAs(page: Page, role: Role): Promise<void> {
  const state = await sessionOf(page, role);
  const context = page.context();
  await context.clearCookies();
  await context.addCookies(state.cookies);
}

/** Fills and submits the sign-in form on `page` (which must be at /sign-in). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function sessionOf(page: Page, role: Role): Promise<StorageState> {
  const file = path.join(runDir(), "auth", `${role}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as StorageState;

  const browser = page.context().browser() as Browser;
  const context = await browser.newContext({ baseURL: baseUrl() });
  try {
    const signIn = await context.newPage();
    const { email, password } = readRunContext().accounts[role];
    await signIn.goto("/sign-in");
    await signInThroughForm(signIn, email, password);
    // Home is the store picker, or the store itself for staff of one store (the viewer).
    await expect(signIn, `signing in as ${email} should leave the sign-in page`).toHaveURL(
      (url) => !url.pathname.startsWith("/sign-in"),
    );
    mkdirSync(path.dirname(file), { recursive: true });
    // Written under another name and renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    const state = await context.storageState({ path: partial });
    renameSync(partial, file);
    return state;
  } finally {
    await context.close();
  }
}
