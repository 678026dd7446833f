import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";

/**
 * Finds the Chromium the end-to-end tests drive, in this order: CHROMIUM_PATH, Debian's headless shell
 * (when the caller runs headless only), /usr/bin/chromium, a browser Playwright's installer put in its cache
 * earlier. Without one it installs one where that needs nobody's help (apt-get as root on Debian; Playwright's
 * installer on macOS and Windows) and otherwise stops with a message saying how. `npm install` never downloads
 * a browser: only this step may.
 */

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's `chromium-headless-shell`: the same Blink and V8 as /usr/bin/chromium, without the desktop
 * browser around them (what Playwright itself runs for headless Chromium). The e2e suite prefers it: on the
 * same three specs it spent 20 % less CPU and 15 % less time than the full browser (docs/testing.md). It has
 * no window, so a run with `--headed` needs CHROMIUM_PATH=/usr/bin/chromium.
 */
export const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** headlessShell: the caller never shows a window (the e2e suite); benchmarks measure the full browser. */
export type BrowserWanted = { headlessShell: boolean };
const FULL_BROWSER: BrowserWanted = { headlessShell: false };

/** No sandbox (root in a container) and nothing that calls home: a run uses no network but the app's. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/** What the machine looks like, gathered by `probeMachine` (tests pass their own). */
export type MachineProbe = {
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  isRoot: boolean;
  /** A Debian-family system with apt-get. */
  isDebian: boolean;
  isExecutable: (path: string) => boolean;
  /** Where Playwright's installer puts its Chromium, whether or not it is there. */
  playwrightChromium: string;
};

export type BrowserPlan =
  | { action: "use"; path: string; source: string }
  | { action: "install"; installer: "apt-get" | "playwright" }
  | { action: "stop"; message: string };

export function planBrowser(machine: MachineProbe, wanted: BrowserWanted = FULL_BROWSER): BrowserPlan {
  const fromEnv = machine.env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    // A wrong CHROMIUM_PATH is a mistake to report, not a reason to quietly pick another browser.
    if (machine.isExecutable(fromEnv)) return { action: "use", path: fromEnv, source: "CHROMIUM_PATH" };
    return {
      action: "stop",
      message: `CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file. Point it at a Chromium or Chrome binary, or unset it to let the tests find or install one.`,
    };
  }
  if (wanted.headlessShell && machine.isExecutable(SYSTEM_HEADLESS_SHELL))
    return { action: "use", path: SYSTEM_HEADLESS_SHELL, source: "system" };
  if (machine.isExecutable(SYSTEM_CHROMIUM))
    return { action: "use", path: SYSTEM_CHROMIUM, source: "system" };
  if (machine.isExecutable(machine.playwrightChromium)) {
    return { action: "use", path: machine.playwrightChromium, source: "Playwright's browser cache" };
  }
  if (machine.platform === "linux" && machine.isRoot && machine.isDebian) {
    return { action: "install", installer: "apt-get" };
  }
  // Playwright's own build runs as it is on macOS and Windows; on Linux it needs system libraries that
  // only root can install, so there the user chooses.
  if (machine.platform === "darwin" || machine.platform === "win32") {
    return { action: "install", installer: "playwright" };
  }
  return { action: "stop", message: missingBrowserMessage(machine, wanted) };
}

function missingBrowserMessage(machine: MachineProbe, wanted: BrowserWanted): string {
  const ways = machine.isDebian
    ? [`sudo apt-get install -y ${wanted.headlessShell ? "chromium-headless-shell" : "chromium"}`]
    : ["install Chromium with your system's package manager and set CHROMIUM_PATH to its binary"];
  ways.push("npx playwright install --with-deps chromium   (Playwright's build, from Playwright's servers)");
  return [
    "No Chromium found for the end-to-end tests.",
    `Looked at CHROMIUM_PATH (unset), ${[...(wanted.headlessShell ? [SYSTEM_HEADLESS_SHELL] : []), SYSTEM_CHROMIUM].join(", ")} and ${machine.playwrightChromium}.`,
    "This machine is not one where the tests install a browser by themselves (root on Debian), so install one:",
    ...ways.map((way) => `  ${way}`),
    "or set CHROMIUM_PATH=/path/to/chromium, then run the tests again.",
  ].join("\n");
}

export type CommandRunner = (command: string, args: string[], env?: Record<string, string>) => number;

/** Runs a command with the terminal attached and answers its exit code. */
export const runCommand: CommandRunner = (command, args, env) => {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
};

/**
 * Installs Chromium as planned and answers its path. apt-get waits for another apt run to finish (the lock
 * timeout) and reads the package lists first when a fresh machine has none.
 */
export function installBrowser(
  installer: "apt-get" | "playwright",
  machine: MachineProbe,
  run: CommandRunner,
  playwrightCli: string,
  wanted: BrowserWanted = FULL_BROWSER,
): string {
  if (installer === "apt-get") {
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    const [pkg, binary] = wanted.headlessShell
      ? ["chromium-headless-shell", SYSTEM_HEADLESS_SHELL]
      : ["chromium", SYSTEM_CHROMIUM];
    const install = ["-o", "DPkg::Lock::Timeout=600", "install", "-y", pkg];
    console.log(`Installing Chromium: apt-get ${install.join(" ")}`);
    if (run("apt-get", install, env) !== 0) {
      console.log("Retrying after apt-get update (the package lists may be missing or stale).");
      if (
        run("apt-get", ["-o", "DPkg::Lock::Timeout=600", "update"], env) !== 0 ||
        run("apt-get", install, env) !== 0
      ) {
        throw new BrowserNotFoundError(
          `apt-get could not install ${pkg}. Install it yourself (apt-get install -y ${pkg}) or set CHROMIUM_PATH.`,
        );
      }
    }
    if (!machine.isExecutable(binary)) {
      throw new BrowserNotFoundError(`apt-get installed ${pkg}, but ${binary} is not there.`);
    }
    return binary;
  }
  console.log("Installing Chromium with Playwright's installer: playwright install chromium");
  if (run(process.execPath, [playwrightCli, "install", "chromium"]) !== 0) {
    throw new BrowserNotFoundError(
      "Playwright's installer failed. Run `npx playwright install chromium` yourself or set CHROMIUM_PATH.",
    );
  }
  if (!machine.isExecutable(machine.playwrightChromium)) {
    throw new BrowserNotFoundError(
      `Playwright's installer finished, but ${machine.playwrightChromium} is not there.`,
    );
  }
  return machine.playwrightChromium;
}

export class BrowserNotFoundError extends Error {}

/** Finds (or installs) Chromium; throws BrowserNotFoundError with the message for the user. */
export function findBrowser(
  machine: MachineProbe,
  run: CommandRunner,
  playwrightCli: string,
  wanted: BrowserWanted = FULL_BROWSER,
): { path: string; source: string } {
  const plan = planBrowser(machine, wanted);
  if (plan.action === "use") return { path: plan.path, source: plan.source };
  if (plan.action === "stop") throw new BrowserNotFoundError(plan.message);
  const path = installBrowser(plan.installer, machine, run, playwrightCli, wanted);
  return { path, source: `installed with ${plan.installer}` };
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function probeMachine(playwrightChromium: string): MachineProbe {
  return {
    env: process.env,
    platform: process.platform,
    isRoot: process.getuid?.() === 0,
    isDebian: existsSync("/etc/debian_version") && isExecutableFile("/usr/bin/apt-get"),
    isExecutable: isExecutableFile,
    playwrightChromium,
  };
}

/** The browser's own version line, for the run's log ("Chromium 140.0..."), or undefined. */
export function browserVersion(path: string): string | undefined {
  const result = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 15_000 });
  const line = result.stdout?.trim().split("\n").at(-1);
  return result.status === 0 && line ? line : undefined;
}
