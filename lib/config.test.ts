import { describe, expect, it } from "vitest";
import { readConfig } from "./config";

describe("readConfig", () => {
  it("applies defaults and follows a changed variable", () => {
    const env: Record<string, string | undefined> = {};
    const first = readConfig(env);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.publicUrl).toBe("http://localhost:3000");
    expect(first.webhookConcurrency).toBe(16);
    expect(readConfig(env)).toBe(first);
    env.BACKROOM_PUBLIC_URL = "https://backroom.example/";
    expect(readConfig(env).publicUrl).toBe("https://backroom.example");
  });

  it("refuses a DATABASE_URL that is not PostgreSQL, naming the variable", () => {
    expect(() => readConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
});
