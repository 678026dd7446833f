/**
 * The text a hardware scanner would have typed for a code the camera decoded, so both reach a scanning place
 * alike: scanners send a UPC-A as its 12 digits and usually expand a UPC-E, while a decoder may report a UPC-A
 * as the EAN-13 it also is (a leading 0) and a UPC-E as its 8 digits.
 */
export function decodedText(rawValue: string, format: string): string {
  if (format === "upc_e") return expandUpcE(rawValue);
  if ((format === "upc_a" || format === "ean_13") && /^0\d{12}$/.test(rawValue)) return rawValue.slice(1);
  return rawValue;
}

/**
 * A UPC-E (8 digits: number system, six digits, check digit) written out as the UPC-A it abbreviates, which is
 * what catalogs store: `04252614` is `042100005264`. Anything else is returned as it is.
 */
export function expandUpcE(code: string): string {
  const match = /^([01])(\d)(\d)(\d)(\d)(\d)(\d)(\d)$/.exec(code);
  if (!match) return code;
  const [, system, d1, d2, d3, d4, d5, d6, check] = match;
  const body =
    d6 === "0" || d6 === "1" || d6 === "2"
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === "3"
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === "4"
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${system}${body}${check}`;
}
