import { describe, expect, it } from "vitest";
import { decimalToMinorUnits, minorUnitsToDecimal, toKilograms } from "./units";

describe("minorUnitsToDecimal", () => {
  it("places the decimal point by the currency's digits, without floats", () => {
    expect(minorUnitsToDecimal(2999, "USD")).toBe("29.99");
    expect(minorUnitsToDecimal(5, "EUR")).toBe("0.05");
    expect(minorUnitsToDecimal(0, "USD")).toBe("0.00");
    expect(minorUnitsToDecimal(500, "JPY")).toBe("500");
    expect(minorUnitsToDecimal(1234, "KWD")).toBe("1.234");
    expect(minorUnitsToDecimal(123456789012, "USD")).toBe("1234567890.12");
  });
});

describe("toKilograms", () => {
  it("converts each unit to kilograms rounded to the gram", () => {
    expect(toKilograms(200, "g")).toBe("0.200");
    expect(toKilograms(1, "lb")).toBe("0.454");
    expect(toKilograms(16, "oz")).toBe("0.454");
    expect(toKilograms(1.5, "kg")).toBe("1.500");
    expect(toKilograms(0.002, "t")).toBe("2.000");
  });
});

describe("decimalToMinorUnits", () => {
  it("reads a decimal amount in the currency's minor unit, refusing more decimals than it has", () => {
    expect(decimalToMinorUnits("29.99", "USD")).toBe(2999);
    expect(decimalToMinorUnits("29.9", "USD")).toBe(2990);
    expect(decimalToMinorUnits("29", "USD")).toBe(2900);
    expect(decimalToMinorUnits("0.05", "EUR")).toBe(5);
    expect(decimalToMinorUnits("500", "JPY")).toBe(500);
    expect(decimalToMinorUnits("1.234", "KWD")).toBe(1234);
    expect(decimalToMinorUnits("29.999", "USD")).toBeUndefined();
    expect(decimalToMinorUnits("5.5", "JPY")).toBeUndefined();
    expect(decimalToMinorUnits("-1", "USD")).toBeUndefined();
    expect(decimalToMinorUnits("1,5", "USD")).toBeUndefined();
  });
});
