import { describe, expect, it } from "vitest";
import { describeResolution } from "./return-resolution";

const usd = (amount: string) => ({ amount: { amount, currency: "USD" } });
const totals = (refund: string, storeCredit: string, exchange: string) => ({
  charge: usd("0.00"),
  refund: usd(refund),
  storeCredit: usd(storeCredit),
  exchange: usd(exchange),
});

describe("describeResolution", () => {
  it("names an even exchange without a zero amount", () => {
    expect(
      describeResolution({ compensationMethods: ["exchange"], totals: totals("0.00", "0.00", "0.00") }),
    ).toEqual([{ label: "Exchange", amount: null }]);
  });

  it("gives each method its own total, in the return's order", () => {
    expect(
      describeResolution({
        compensationMethods: ["store_credit", "exchange"],
        totals: totals("0.00", "15.50", "42.00"),
      }),
    ).toEqual([
      { label: "Store credit", amount: "$15.50" },
      { label: "Exchange", amount: "$42.00" },
    ]);
  });

  it("keeps a refund's amount even when it is zero (nothing refunded is worth seeing)", () => {
    expect(
      describeResolution({ compensationMethods: ["refund"], totals: totals("0.00", "0.00", "0.00") }),
    ).toEqual([{ label: "Refund", amount: "$0.00" }]);
  });
});
