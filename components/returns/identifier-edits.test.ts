import { describe, expect, it } from "vitest";
import { changedEntries, placeIssues, serverErrorsFor, validateEntries } from "./identifier-edits";

const items = [
  { id: "rti_a", externalIdentifier: "RMA-1" },
  { id: "rti_b" },
  { id: "rti_c", externalIdentifier: "RMA-3" },
];

describe("changedEntries", () => {
  it("sends only items whose edited value differs from the stored one, in the items' order", () => {
    const edits = { rti_c: "RMA-30", rti_a: "RMA-1", rti_b: "" };
    expect(changedEntries(items, edits)).toEqual([{ id: "rti_c", externalIdentifier: "RMA-30" }]);
  });

  it("sends an emptied identifier as the empty string, which clears it", () => {
    expect(changedEntries(items, { rti_a: "" })).toEqual([{ id: "rti_a", externalIdentifier: "" }]);
  });
});

describe("validateEntries", () => {
  it("reports each invalid identifier beside its own item, using the API's schema", () => {
    const entries = [
      { id: "rti_a", externalIdentifier: "x".repeat(256) },
      { id: "rti_b", externalIdentifier: "ok" },
      { id: "rti_c", externalIdentifier: "bad\u0007bell" },
    ];
    const errors = validateEntries(entries);
    expect(Object.keys(errors).sort()).toEqual(["rti_a", "rti_c"]);
    expect(errors.rti_a).toMatch(/at most 255 characters/);
    expect(errors.rti_c).toMatch(/control characters/);
  });

  it("accepts valid entries and an empty change set", () => {
    expect(validateEntries([{ id: "rti_a", externalIdentifier: "WMS-1" }])).toEqual({});
    expect(validateEntries([])).toEqual({});
  });
});

describe("placeIssues and serverErrorsFor", () => {
  const sent = [
    { id: "rti_c", externalIdentifier: "A" },
    { id: "rti_a", externalIdentifier: "B" },
  ];

  it("maps request indexes to the items that were sent at them, not to the return's item order", () => {
    const { byItem, unplaced } = placeIssues(sent, [
      { path: "items.1.externalIdentifier", message: "too long" },
      { path: "items.0.id", message: "No item with id" },
    ]);
    expect(byItem).toEqual({ rti_a: "too long", rti_c: "No item with id" });
    expect(unplaced).toEqual([]);
  });

  it("keeps whole-body problems and unknown indexes as a form message", () => {
    const result = serverErrorsFor(sent, {
      detail: "The request is not valid.",
      errors: [
        { path: "", message: "Body must be an object." },
        { path: "items.7.id", message: "out of range" },
      ],
    });
    expect(result.byItem).toEqual({});
    expect(result.formError).toBe("Body must be an object. out of range");
  });

  it("falls back to the problem's detail when it names no field", () => {
    expect(serverErrorsFor(sent, { detail: "These items do not exist.", errors: [] })).toEqual({
      byItem: {},
      formError: "These items do not exist.",
    });
  });
});
