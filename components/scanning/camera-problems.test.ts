import { describe, expect, it } from "vitest";
import { cameraProblemBeforeStart, cameraProblemOf } from "./camera-problems";

describe("cameraProblemBeforeStart", () => {
  it("asks for the https address when the page is not a secure context, before asking for the camera", () => {
    const problem = cameraProblemBeforeStart({ secure: false, host: "10.0.0.5:3000", hasCameraApi: false });
    expect(problem).toMatchObject({ kind: "insecure", retry: false });
    expect(problem?.text).toContain("10.0.0.5:3000");
    expect(problem?.text).toContain("https://");
  });

  it("names a browser without camera access, and has nothing to say otherwise", () => {
    expect(cameraProblemBeforeStart({ secure: true, host: "h", hasCameraApi: false })?.kind).toBe(
      "unsupported",
    );
    expect(cameraProblemBeforeStart({ secure: true, host: "h", hasCameraApi: true })).toBeNull();
  });
});

describe("cameraProblemOf", () => {
  it("tells refused, missing and busy cameras apart by the error's name", () => {
    const named = (name: string) => cameraProblemOf(new DOMException("x", name)).kind;
    expect(named("NotAllowedError")).toBe("refused");
    expect(named("NotFoundError")).toBe("missing");
    expect(named("OverconstrainedError")).toBe("missing");
    expect(named("NotReadableError")).toBe("busy");
  });

  it("repeats what the browser said about any other failure", () => {
    const problem = cameraProblemOf(new TypeError("constraints are wrong"));
    expect(problem.kind).toBe("failed");
    expect(problem.text).toContain("constraints are wrong");
  });
});
