import { describe, expect, it } from "vitest";
import type { Location } from "@/lib/schemas/locations";
import { formatReturnAddress } from "./format-return-address";
import {
  initialReturnAddressValues,
  type ReturnAddressValues,
  returnAddressErrorsFromIssues,
  toReturnAddressChange,
  validateReturnAddress,
} from "./return-address-model";

const address = { line1: "1 Harbor Way", city: "Reno", state: "NV", postalCode: "89501", country: "US" };
const location: Location = {
  id: "loc_1",
  name: "Reno returns hub",
  archived: false,
  return_address: address,
  phone: null,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

const filled: ReturnAddressValues = {
  line1: " 1 Harbor Way ",
  line2: "",
  city: "Reno",
  state: "NV",
  postalCode: "89501",
  country: "us",
  phone: "",
};

describe("the return address form", () => {
  it("starts from the saved address and phone, or empty", () => {
    expect(initialReturnAddressValues(location)).toMatchObject({
      line1: "1 Harbor Way",
      line2: "",
      phone: "",
    });
    expect(
      initialReturnAddressValues({ ...location, return_address: null, phone: "+1 775 555 0100" }),
    ).toEqual({
      line1: "",
      line2: "",
      city: "",
      state: "",
      postalCode: "",
      country: "",
      phone: "+1 775 555 0100",
    });
  });

  it("sends trimmed values, no empty line 2, an upper-case country and a null empty phone", () => {
    expect(toReturnAddressChange(filled)).toEqual({
      return_address: {
        line1: "1 Harbor Way",
        city: "Reno",
        state: "NV",
        postalCode: "89501",
        country: "US",
      },
      phone: null,
    });
    expect(toReturnAddressChange({ ...filled, line2: " Dock 4 ", phone: " 555 " })).toMatchObject({
      return_address: { line2: "Dock 4" },
      phone: "555",
    });
  });

  it("names each empty required field, and refuses a country that is not an assigned ISO code", () => {
    expect(validateReturnAddress(filled)).toBeNull();
    expect(validateReturnAddress({ ...filled, city: "  ", postalCode: "" })).toEqual({
      city: "Enter the city.",
      postalCode: "Enter the postal code.",
    });
    for (const country of ["USA", "Germany", "XX", "EU"]) {
      expect(validateReturnAddress({ ...filled, country })?.country).toBe("Choose a country from the list.");
    }
    expect(validateReturnAddress({ ...filled, country: "de" })).toBeNull();
    expect(validateReturnAddress({ ...filled, phone: "5".repeat(65) })).toHaveProperty("phone");
  });

  it("places the server's issues beside their fields, and the rest above the form", () => {
    expect(
      returnAddressErrorsFromIssues([
        { path: "location.return_address.city", message: "Too small" },
        { path: "location.phone", message: "Too long" },
        { path: "location", message: "Send at least one" },
      ]),
    ).toEqual({ city: "Too small", phone: "Too long", form: "location: Send at least one" });
  });

  it("formats the address on one line", () => {
    expect(formatReturnAddress({ ...address, line2: "Dock 4" })).toBe(
      "1 Harbor Way, Dock 4, Reno, NV 89501, US",
    );
  });
});
