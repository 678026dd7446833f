import { describe, expect, it } from "vitest";
import { RUN_OWNS_DATABASE_ENV, runEnv } from "./server";

describe("runEnv", () => {
  it("runs on the run's embedded database even when the caller has DATABASE_URL set", () => {
    const env = runEnv(
      { DATABASE_URL: "postgres://me@db/prod", BACKROOM_DATA_DIR: "./data", PATH: "/bin" },
      { dataDir: "/tmp/run/data", port: 41000, url: "http://127.0.0.1:41000" },
    );
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      PATH: "/bin",
      BACKROOM_DATA_DIR: "/tmp/run/data",
      BACKROOM_PUBLIC_URL: "http://127.0.0.1:41000",
      PORT: "41000",
      BACKROOM_ALLOW_PRIVATE_WEBHOOK_URLS: "true",
    });
  });

  it("runs on the database the run created when it is given one, and says so to the seed", () => {
    const env = runEnv(
      { DATABASE_URL: "postgres://me@db/prod", PATH: "/bin" },
      {
        dataDir: "/tmp/run/data",
        port: 41000,
        url: "http://127.0.0.1:41000",
        databaseUrl: "postgres://postgres@127.0.0.1:5432/backroom_e2e_abc",
      },
    );
    expect(env.DATABASE_URL).toBe("postgres://postgres@127.0.0.1:5432/backroom_e2e_abc");
    expect(env[RUN_OWNS_DATABASE_ENV]).toBe("1");
  });
});
