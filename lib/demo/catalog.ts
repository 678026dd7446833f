/**
 * Data-only product catalogue for the demo stores: colours, sizes, product templates and their images.
 * Stores and locations live in catalog-stores.ts, freight in catalog-logistics.ts, customers in
 * catalog-people.ts and everything about returns in catalog-returns.ts.
 * Prices are integer cents in USD; the Canadian store converts them.
 */

export const COLORS = [
  { name: "Forest", code: "FOR" },
  { name: "Navy", code: "NAV" },
  { name: "Black", code: "BLK" },
  { name: "Heather Grey", code: "HGR" },
  { name: "Oatmeal", code: "OAT" },
  { name: "Rust", code: "RST" },
  { name: "Ochre", code: "OCH" },
  { name: "Slate", code: "SLT" },
  { name: "Sky", code: "SKY" },
  { name: "Burgundy", code: "BUR" },
  { name: "Olive", code: "OLV" },
  { name: "Sand", code: "SND" },
  { name: "Charcoal", code: "CHR" },
  { name: "Glacier", code: "GLA" },
  { name: "Moss", code: "MOS" },
  { name: "Indigo", code: "IND" },
] as const;

export const SIZE_SETS = {
  tops: ["XS", "S", "M", "L", "XL", "XXL"],
  waist: ["28", "30", "32", "34", "36", "38"],
  shoes: ["7", "8", "9", "10", "11", "12"],
  socks: ["S/M", "L/XL"],
  hands: ["S", "M", "L"],
  one: ["One Size"],
} as const;
export type SizeSet = keyof typeof SIZE_SETS;

/** Short size code used in SKUs. */
export function sizeCode(size: string): string {
  if (size === "One Size") return "OS";
  return size.replace("/", "");
}

/** Product images shipped in public/demo/products (relative URLs: no network at run time). */
export const PRODUCT_IMAGES = [
  "tee",
  "longsleeve",
  "hoodie",
  "jacket",
  "vest",
  "fleece",
  "pants",
  "shorts",
  "cap",
  "beanie",
  "backpack",
  "duffel",
  "boot",
  "sneaker",
  "socks",
  "gloves",
  "scarf",
  "bottle",
] as const;
export type ProductImage = (typeof PRODUCT_IMAGES)[number];

export function productImageUrl(image: ProductImage): string {
  return `/demo/products/${image}.svg`;
}

export type ProductTemplate = {
  code: string;
  title: string;
  image: ProductImage;
  /** USD cents. */
  price: number;
  weightKg: number;
  sizes: SizeSet;
};

const p = (
  code: string,
  title: string,
  image: ProductImage,
  price: number,
  weightKg: number,
  sizes: SizeSet,
) => ({ code, title, image, price, weightKg, sizes }) satisfies ProductTemplate;

export const PRODUCTS: readonly ProductTemplate[] = [
  p("TEE", "Trailhead Organic Tee", "tee", 3200, 0.2, "tops"),
  p("PKT", "Pocket Crew Tee", "tee", 2800, 0.19, "tops"),
  p("GRT", "Mountain Line Graphic Tee", "tee", 3400, 0.21, "tops"),
  p("LST", "Ridgeline Long Sleeve", "longsleeve", 4200, 0.26, "tops"),
  p("MWL", "Merino Wool Base Layer", "longsleeve", 8900, 0.22, "tops"),
  p("HNL", "Waffle Knit Henley", "longsleeve", 5200, 0.31, "tops"),
  p("FLN", "Lumberjack Flannel Shirt", "longsleeve", 6400, 0.42, "tops"),
  p("HOD", "Summit Pullover Hoodie", "hoodie", 6800, 0.58, "tops"),
  p("ZHD", "Basecamp Zip Hoodie", "hoodie", 7400, 0.62, "tops"),
  p("CRW", "Fireside Crewneck", "hoodie", 5800, 0.52, "tops"),
  p("RJK", "Stormline Rain Jacket", "jacket", 14900, 0.44, "tops"),
  p("DJK", "Alpine Down Jacket", "jacket", 22900, 0.68, "tops"),
  p("WBR", "Headwind Windbreaker", "jacket", 9800, 0.3, "tops"),
  p("SHL", "Traverse Softshell", "jacket", 13900, 0.55, "tops"),
  p("ANR", "Coastline Anorak", "jacket", 11900, 0.48, "tops"),
  p("PNC", "Packable Poncho", "jacket", 5800, 0.27, "one"),
  p("PFV", "Loft Puffer Vest", "vest", 11900, 0.36, "tops"),
  p("FLV", "Grid Fleece Vest", "vest", 6900, 0.32, "tops"),
  p("FLC", "Polar Fleece Half-Zip", "fleece", 7900, 0.45, "tops"),
  p("SHP", "Sherpa Pile Jacket", "fleece", 12900, 0.74, "tops"),
  p("HPT", "Switchback Hiking Pant", "pants", 8900, 0.41, "waist"),
  p("CPT", "Canvas Work Pant", "pants", 7800, 0.63, "waist"),
  p("JOG", "Trail Jogger", "pants", 6400, 0.38, "tops"),
  p("LGG", "Thermal Legging", "pants", 5600, 0.2, "tops"),
  p("TRS", "Trail Short 7in", "shorts", 4800, 0.18, "tops"),
  p("BSH", "Riverside Board Short", "shorts", 5400, 0.21, "waist"),
  p("CAP", "Five-Panel Camp Cap", "cap", 3200, 0.09, "one"),
  p("TRK", "Trucker Cap", "cap", 2800, 0.1, "one"),
  p("BHT", "Bucket Hat", "cap", 3000, 0.08, "hands"),
  p("BNI", "Ribbed Watch Beanie", "beanie", 2600, 0.07, "one"),
  p("PBN", "Pom Pom Beanie", "beanie", 3200, 0.09, "one"),
  p("DPK", "Daypack 22L", "backpack", 8900, 0.82, "one"),
  p("TPK", "Trek Pack 45L", "backpack", 18900, 1.64, "one"),
  p("SLG", "Everyday Sling", "backpack", 4400, 0.35, "one"),
  p("DUF", "Weekender Duffel 40L", "duffel", 12900, 1.1, "one"),
  p("GDF", "Expedition Gear Duffel 70L", "duffel", 15900, 1.45, "one"),
  p("HBT", "Ridge Hiking Boot", "boot", 17900, 1.32, "shoes"),
  p("WBT", "Snowline Winter Boot", "boot", 19900, 1.58, "shoes"),
  p("TRN", "Trail Runner", "sneaker", 13900, 0.62, "shoes"),
  p("CVS", "Canvas Court Sneaker", "sneaker", 7200, 0.74, "shoes"),
  p("HSK", "Hiking Sock 2-Pack", "socks", 2400, 0.12, "socks"),
  p("MSK", "Merino Crew Sock", "socks", 1800, 0.06, "socks"),
  p("GLV", "Touchscreen Fleece Glove", "gloves", 3400, 0.08, "hands"),
  p("MTN", "Insulated Mitten", "gloves", 4600, 0.14, "hands"),
  p("SCF", "Brushed Wool Scarf", "scarf", 4800, 0.18, "one"),
  p("NGT", "Merino Neck Gaiter", "scarf", 2200, 0.05, "one"),
  p("BTL", "Insulated Bottle 750 ml", "bottle", 3800, 0.41, "one"),
  p("MUG", "Enamel Camp Mug", "bottle", 2400, 0.29, "one"),
];
