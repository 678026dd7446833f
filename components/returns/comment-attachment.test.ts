import { describe, expect, it } from "vitest";
import { commentImageSrc, imageFileProblem, pickFile } from "./comment-attachment";

const MiB = 1024 * 1024;

describe("imageFileProblem", () => {
  it("accepts the four image types up to exactly 5 MiB", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "image/jpg"]) {
      expect(imageFileProblem({ name: "a", type, size: 5 * MiB })).toBeNull();
    }
  });

  it("refuses a file one byte over 5 MiB, saying how large it is", () => {
    expect(imageFileProblem({ name: "big.png", type: "image/png", size: 5 * MiB + 1 })).toBe(
      "“big.png” is 5.0 MB: images can be at most 5.0 MB.",
    );
    expect(imageFileProblem({ name: "huge.jpg", type: "image/jpeg", size: 12.4 * MiB })).toMatch(/12\.4 MB/);
  });

  it("refuses other types, naming the ones that work", () => {
    expect(imageFileProblem({ name: "label.pdf", type: "application/pdf", size: 100 })).toBe(
      "“label.pdf” (application/pdf) cannot be attached: choose a PNG, JPEG, GIF or WebP image.",
    );
    expect(imageFileProblem({ name: "photo.svg", type: "image/svg+xml", size: 100 })).toMatch(
      /cannot be attached/,
    );
    expect(imageFileProblem({ name: "", type: "", size: 100 })).toMatch(
      /^The pasted file cannot be attached/,
    );
  });

  it("refuses an empty file", () => {
    expect(imageFileProblem({ name: "a.png", type: "image/png", size: 0 })).toMatch(/empty/);
  });
});

describe("pickFile", () => {
  it("prefers an image among several files", () => {
    const text = new File(["x"], "notes.txt", { type: "text/plain" });
    const image = new File(["x"], "shot.png", { type: "image/png" });
    expect(pickFile([text, image])).toBe(image);
    expect(pickFile([text])).toBe(text);
    expect(pickFile([])).toBeNull();
  });
});

describe("commentImageSrc", () => {
  it("loads API comment images by path, on the page's own origin", () => {
    expect(commentImageSrc("http://localhost:3000/api/v2.2/comment-images/cim_1")).toBe(
      "/api/v2.2/comment-images/cim_1",
    );
  });

  it("leaves other URLs alone", () => {
    expect(commentImageSrc("https://cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
    expect(commentImageSrc("/relative.png")).toBe("/relative.png");
  });
});
