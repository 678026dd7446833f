import { describe, expect, it } from "vitest";
import { createNonce, isPagePath, pageContentSecurityPolicy, servedOverHttps } from "./security-headers";

const directives = (policy: string) =>
  new Map(policy.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1)]));

describe("pageContentSecurityPolicy", () => {
  it("lets scripts run only with the nonce, styles inline, and nothing frame the page", () => {
    const policy = directives(pageContentSecurityPolicy("abc"));
    expect(policy.get("script-src")).toEqual([
      "'self'",
      "'nonce-abc'",
      "'strict-dynamic'",
      "'wasm-unsafe-eval'",
    ]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
  });

  it("lets the app install (its manifest) and run its service worker from this origin only", () => {
    const policy = directives(pageContentSecurityPolicy("abc"));
    expect(policy.get("worker-src")).toEqual(["'self'"]);
    expect(policy.get("manifest-src")).toEqual(["'self'"]);
  });

  it("allows eval only for next dev; production compiles WebAssembly (the camera's decoder) but never evals", () => {
    expect(directives(pageContentSecurityPolicy("abc", true)).get("script-src")).toContain("'unsafe-eval'");
    expect(directives(pageContentSecurityPolicy("abc")).get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives(pageContentSecurityPolicy("abc")).get("script-src")).toContain("'wasm-unsafe-eval'");
  });
});

describe("createNonce", () => {
  it("is 128 random bits, different each time", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(createNonce()).not.toBe(nonce);
  });
});

describe("isPagePath", () => {
  it("tells pages from API answers, Next.js files and public files", () => {
    expect(["/", "/stores/s_1/returns", "/sign-in", "/docs/api"].every(isPagePath)).toBe(true);
    expect(
      ["/api/v2.2/stores", "/api", "/_next/static/a.js", "/favicon.ico", "/demo/a.png"].some(isPagePath),
    ).toBe(false);
  });
});

describe("servedOverHttps", () => {
  const http = { publicUrl: "http://localhost:3000", trustedProxies: 1 };

  it("reads the hop nearest the browser, in any case, from a trusted proxy only", () => {
    expect(servedOverHttps(http, "HTTPS")).toBe(true);
    expect(servedOverHttps(http, "https, http")).toBe(true);
    expect(servedOverHttps(http, "http, https")).toBe(false);
    expect(servedOverHttps(http, null)).toBe(false);
    expect(servedOverHttps({ ...http, trustedProxies: 0 }, "https")).toBe(false);
  });

  it("is always true behind an https public URL, whatever the proxy says", () => {
    expect(servedOverHttps({ publicUrl: "https://backroom.example.com", trustedProxies: 0 }, "http")).toBe(
      true,
    );
  });
});
