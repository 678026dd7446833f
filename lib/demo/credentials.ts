import fs from "node:fs";
import path from "node:path";

/**
 * The demo's API secrets in clear, for printing at start-up. They live in a file under the data folder,
 * readable by its owner only (0600), never in the database: nothing the API can read holds them, and the
 * database keeps only their hashes like any other secret.
 */
export type DemoCredentials = { stores: { id: string; name: string; apiSecret: string }[] };

export const DEMO_CREDENTIALS_FILE = "demo-credentials.json";

export function demoCredentialsPath(dataDir: string): string {
  return path.join(dataDir, DEMO_CREDENTIALS_FILE);
}

export function writeDemoCredentials(dataDir: string, credentials: DemoCredentials): string {
  const file = demoCredentialsPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode applies only to a new file: tighten one that existed.
  fs.chmodSync(file, 0o600);
  return file;
}

/** The stored demo credentials, or null when there is no (readable, well-formed) file. */
export function readDemoCredentials(dataDir: string): DemoCredentials | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(demoCredentialsPath(dataDir), "utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      Array.isArray((parsed as DemoCredentials).stores) &&
      (parsed as DemoCredentials).stores.every(
        (s) => typeof s?.id === "string" && typeof s.name === "string" && typeof s.apiSecret === "string",
      )
    ) {
      return parsed as DemoCredentials;
    }
    return null;
  } catch {
    return null;
  }
}
