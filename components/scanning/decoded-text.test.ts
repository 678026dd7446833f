import { describe, expect, it } from "vitest";
import { decodedText, expandUpcE } from "./decoded-text";

describe("decodedText", () => {
  it("gives a UPC-A as its 12 digits, also when decoded as the EAN-13 it is", () => {
    expect(decodedText("0084712001005", "ean_13")).toBe("084712001005");
    expect(decodedText("0084712001005", "upc_a")).toBe("084712001005");
    expect(decodedText("084712001005", "upc_a")).toBe("084712001005");
    expect(decodedText("4006381333931", "ean_13")).toBe("4006381333931");
  });

  it("writes a UPC-E out and leaves every other format's text alone", () => {
    expect(decodedText("04252614", "upc_e")).toBe("042100005264");
    expect(decodedText("0084712001005", "code_128")).toBe("0084712001005");
  });
});

describe("expandUpcE", () => {
  it("writes a UPC-E out as its UPC-A, by the last digit's rule", () => {
    expect(expandUpcE("04252614")).toBe("042100005264");
    expect(expandUpcE("01234565")).toBe("012345000065");
    expect(expandUpcE("01234531")).toBe("012300000451");
    expect(expandUpcE("01234548")).toBe("012340000058");
  });

  it("leaves other codes alone", () => {
    expect(expandUpcE("084712000017")).toBe("084712000017");
    expect(expandUpcE("SOCK-RED-M")).toBe("SOCK-RED-M");
    expect(expandUpcE("24252614")).toBe("24252614");
  });
});
