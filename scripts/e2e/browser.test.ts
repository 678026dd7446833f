import { describe, expect, it, vi } from "vitest";
import {
  BrowserNotFoundError,
  type CommandRunner,
  findBrowser,
  type MachineProbe,
  planBrowser,
  SYSTEM_CHROMIUM,
  SYSTEM_HEADLESS_SHELL,
} from "./browser";

const PLAYWRIGHT_CHROMIUM = "/home/u/.cache/ms-playwright/chromium-1/chrome-linux64/chrome";

function machine(overrides: Partial<MachineProbe> & { executables?: string[] } = {}): MachineProbe {
  // Read live: an install in the test adds to the array.
  const executables = overrides.executables ?? [];
  return {
    env: {},
    platform: "linux",
    isRoot: false,
    isDebian: false,
    isExecutable: (path) => executables.includes(path),
    playwrightChromium: PLAYWRIGHT_CHROMIUM,
    ...overrides,
  };
}

describe("planBrowser", () => {
  it("uses CHROMIUM_PATH before /usr/bin/chromium", () => {
    const plan = planBrowser(
      machine({
        env: { CHROMIUM_PATH: "/opt/chrome/chrome" },
        executables: ["/opt/chrome/chrome", SYSTEM_CHROMIUM],
      }),
    );
    expect(plan).toEqual({ action: "use", path: "/opt/chrome/chrome", source: "CHROMIUM_PATH" });
  });

  it("stops on a CHROMIUM_PATH that is not executable instead of picking another browser", () => {
    const plan = planBrowser(
      machine({ env: { CHROMIUM_PATH: "/nope/chrome" }, executables: [SYSTEM_CHROMIUM] }),
    );
    expect(plan.action).toBe("stop");
    expect(plan.action === "stop" && plan.message).toContain("CHROMIUM_PATH is set to /nope/chrome");
  });

  it("uses /usr/bin/chromium, then a browser Playwright installed earlier", () => {
    expect(planBrowser(machine({ executables: [SYSTEM_CHROMIUM, PLAYWRIGHT_CHROMIUM] }))).toMatchObject({
      path: SYSTEM_CHROMIUM,
    });
    expect(planBrowser(machine({ executables: [PLAYWRIGHT_CHROMIUM] }))).toMatchObject({
      action: "use",
      path: PLAYWRIGHT_CHROMIUM,
    });
  });

  it("installs with apt-get as root on Debian", () => {
    expect(planBrowser(machine({ isRoot: true, isDebian: true }))).toEqual({
      action: "install",
      installer: "apt-get",
    });
  });

  it("installs with Playwright's installer on macOS and Windows", () => {
    for (const platform of ["darwin", "win32"] as const) {
      expect(planBrowser(machine({ platform }))).toEqual({ action: "install", installer: "playwright" });
    }
  });

  it("stops with instructions on Linux without root or without Debian", () => {
    const other = planBrowser(machine({ isRoot: false, isDebian: false }));
    expect(other.action).toBe("stop");
    const message = other.action === "stop" ? other.message : "";
    expect(message).toContain("No Chromium found");
    expect(message).toContain("CHROMIUM_PATH");
    expect(message).toContain("npx playwright install --with-deps chromium");
    expect(message).not.toContain("apt-get");

    const debianUser = planBrowser(machine({ isRoot: false, isDebian: true }));
    expect(debianUser.action === "stop" && debianUser.message).toContain("sudo apt-get install -y chromium");
    expect(planBrowser(machine({ isRoot: true, isDebian: false })).action).toBe("stop");
  });
});

describe("the e2e suite's browser (headless only)", () => {
  const headless = { headlessShell: true };

  it("prefers Debian's headless shell to the full browser, and falls back to the full browser", () => {
    const both = machine({ executables: [SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL] });
    expect(planBrowser(both, headless)).toMatchObject({ action: "use", path: SYSTEM_HEADLESS_SHELL });
    // Benchmarks measure what a person runs: the full browser.
    expect(planBrowser(both)).toMatchObject({ action: "use", path: SYSTEM_CHROMIUM });
    expect(planBrowser(machine({ executables: [SYSTEM_CHROMIUM] }), headless)).toMatchObject({
      path: SYSTEM_CHROMIUM,
    });
  });

  it("installs the headless shell package with apt-get", () => {
    const executables: string[] = [];
    const run = vi.fn<CommandRunner>((_command, args) => {
      if (args.includes("chromium-headless-shell")) executables.push(SYSTEM_HEADLESS_SHELL);
      return 0;
    });
    const found = findBrowser(
      machine({ isRoot: true, isDebian: true, executables }),
      run,
      "cli.js",
      headless,
    );
    expect(found).toEqual({ path: SYSTEM_HEADLESS_SHELL, source: "installed with apt-get" });
  });
});

describe("findBrowser", () => {
  it("installs chromium with apt-get, running apt-get update when the first try fails", () => {
    const executables: string[] = [];
    const calls: string[] = [];
    const run: CommandRunner = (command, args) => {
      calls.push(`${command} ${args.find((a) => a === "install" || a === "update")} ${args.at(-1)}`);
      if (calls.length === 1) return 100; // no package lists on a fresh machine
      if (args.includes("install")) executables.push(SYSTEM_CHROMIUM);
      return 0;
    };
    const found = findBrowser(machine({ isRoot: true, isDebian: true, executables }), run, "cli.js");
    expect(calls).toEqual(["apt-get install chromium", "apt-get update update", "apt-get install chromium"]);
    expect(found).toEqual({ path: SYSTEM_CHROMIUM, source: "installed with apt-get" });
  });

  it("throws the message when apt-get cannot install it", () => {
    const run = vi.fn<CommandRunner>(() => 100);
    expect(() => findBrowser(machine({ isRoot: true, isDebian: true }), run, "cli.js")).toThrow(
      BrowserNotFoundError,
    );
    expect(run).toHaveBeenCalledTimes(2); // install, update (fails), no third try
  });

  it("runs Playwright's installer on macOS and uses its browser", () => {
    const executables: string[] = [];
    const run = vi.fn<CommandRunner>(() => {
      executables.push(PLAYWRIGHT_CHROMIUM);
      return 0;
    });
    const found = findBrowser(machine({ platform: "darwin", executables }), run, "/x/playwright/cli.js");
    expect(run).toHaveBeenCalledWith(process.execPath, ["/x/playwright/cli.js", "install", "chromium"]);
    expect(found.path).toBe(PLAYWRIGHT_CHROMIUM);
  });

  it("never installs anything when it stops with the message", () => {
    const run = vi.fn<CommandRunner>(() => 0);
    expect(() => findBrowser(machine(), run, "cli.js")).toThrow(/No Chromium found/);
    expect(run).not.toHaveBeenCalled();
  });
});
