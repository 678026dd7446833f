import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { proxy } from "./proxy";

const SESSION = { cookie: "next-auth.session-token=x" };

function run(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("proxy: security headers on every response", () => {
  it("gives a page a nonce policy, the same one Next.js reads from the request, fresh each time", () => {
    const first = run("/stores/s1/returns", SESSION);
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(first.headers.get("x-middleware-request-x-backroom-path")).toBe("/stores/s1/returns");
    const second = run("/stores/s1/returns", SESSION).headers.get("content-security-policy");
    expect(second).not.toBe(policy);
  });

  it("covers the API, sign-in, docs and static files, not only staff pages", () => {
    for (const path of [
      "/api/v2.2/stores",
      "/api/auth/session",
      "/sign-in",
      "/docs/api",
      "/_next/static/x.js",
    ]) {
      const headers = run(path).headers;
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(headers.get("x-frame-options"), path).toBe("DENY");
      expect(headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(headers.get("location"), `${path} is not a staff page`).toBeNull();
    }
    expect(run("/api/v2.2/stores").headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    // The service worker fetches the app for its offline caches: this origin, nothing else.
    expect(run("/sw.js").headers.get("content-security-policy")).toBe(
      "default-src 'none'; connect-src 'self'; frame-ancestors 'none'",
    );
  });

  it("sends no Referer from the pages whose URL holds a token", () => {
    expect(run("/setup?token=abc").headers.get("referrer-policy")).toBe("no-referrer");
    expect(run("/set-password?token=abc").headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("puts the headers on the redirect to sign-in too", () => {
    const response = run("/stores/s1/returns");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/sign-in?callbackUrl=%2Fstores%2Fs1%2Freturns",
    );
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends HSTS only over https: an https public URL, or X-Forwarded-Proto from a trusted proxy", () => {
    const forwarded = { ...SESSION, "x-forwarded-proto": "https" };
    expect(run("/", forwarded).headers.get("strict-transport-security")).toBeNull();

    vi.stubEnv("BACKROOM_TRUSTED_PROXIES", "1");
    expect(run("/", forwarded).headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(run("/", SESSION).headers.get("strict-transport-security")).toBeNull();

    vi.stubEnv("BACKROOM_TRUSTED_PROXIES", "0");
    vi.stubEnv("BACKROOM_PUBLIC_URL", "https://backroom.example.com");
    expect(run("/api/v2.2/stores").headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
  });
});
