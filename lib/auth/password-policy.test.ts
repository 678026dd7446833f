import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it("accepts a long, varied password", () => {
    expect(passwordProblem("correct horse battery", "ada@example.com")).toBeNull();
  });

  it.each([
    ["short", "at least 12"],
    ["aaaaaaaaaaaaaaa", "different characters"],
    ["backroom-demo", "too common"],
    ["PasswordPassword", "too common"],
    ["x".repeat(201), "at most 200"],
  ])("refuses %j", (password, message) => {
    expect(passwordProblem(password)).toContain(message);
  });

  it("refuses a password built on the e-mail's local part", () => {
    expect(passwordProblem("margaret-2026!", "margaret@example.com")).toContain("e-mail");
  });
});
