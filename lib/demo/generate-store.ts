import { COLORS, PRODUCTS, productImageUrl, SIZE_SETS, sizeCode } from "./catalog";
import type { StoreTemplate } from "./catalog-stores";
import { addMs, DAY_MS, formatCents, upcA } from "./format";
import type { Random } from "./random";
import type {
  InventoryItemRow,
  InventoryLevelRow,
  LocationInfo,
  LocationRow,
  MakeId,
  ProductRow,
  ProductVariantRow,
  VariantInfo,
} from "./types";

export type StoreCatalog = {
  locations: LocationRow[];
  products: ProductRow[];
  productVariants: ProductVariantRow[];
  inventoryItems: InventoryItemRow[];
  inventoryLevels: InventoryLevelRow[];
  locationInfos: LocationInfo[];
  variants: VariantInfo[];
  variantsByProduct: Map<string, VariantInfo[]>;
};

type CatalogOptions = {
  random: Random;
  makeId: MakeId;
  storeId: string;
  template: StoreTemplate;
  anchor: Date;
  productCount: number;
  /** Extra inventory items that are not plain products (returned, undeclared, unknown goods). */
  extraInventory?: { returned: number; undeclared: number; unknown: number };
};

const BIG_SIZES = new Set(["XXL", "12", "38"]);

/** Sizes and colours for one product: 2 to 6 variants, contiguous sizes, one or more colours. */
function variantOptions(
  random: Random,
  sizes: readonly string[],
): { color: string; code: string; size: string }[] {
  let colorCount: number;
  let sizeCount: number;
  if (sizes.length === 1) {
    colorCount = random.int(2, 5);
    sizeCount = 1;
  } else {
    colorCount = random.weighted([
      [1, 5],
      [2, 4],
      [3, sizes.length <= 2 ? 2 : 0],
    ]);
    const maxSizes = Math.min(sizes.length, Math.floor(6 / colorCount));
    sizeCount = random.int(2, Math.max(2, maxSizes));
  }
  const start = random.int(0, sizes.length - sizeCount);
  const chosenSizes = sizes.slice(start, start + sizeCount);
  const colors = random.sample(COLORS, colorCount);
  const out: { color: string; code: string; size: string }[] = [];
  for (const color of colors) {
    for (const size of chosenSizes) out.push({ color: color.name, code: color.code, size });
  }
  return out;
}

function locationRows(o: CatalogOptions, createdAt: Date): { rows: LocationRow[]; infos: LocationInfo[] } {
  const rows: LocationRow[] = [];
  const infos: LocationInfo[] = [];
  for (const template of o.template.locations) {
    const id = o.makeId("location");
    rows.push({
      id,
      storeId: o.storeId,
      name: template.name,
      externalId: template.externalId,
      city: template.address.city,
      country: template.address.country,
      address: template.address,
      phone: template.phone,
      createdAt,
      updatedAt: createdAt,
    });
    infos.push({ id, name: template.name, template });
  }
  return { rows, infos };
}

/** Locations, products with their variants, and inventory (with levels) for one store. */
export function generateStoreCatalog(o: CatalogOptions): StoreCatalog {
  const { random, makeId, storeId, template, anchor } = o;
  const openedAt = addMs(anchor, -400 * DAY_MS);
  const { rows: locations, infos: locationInfos } = locationRows(o, openedAt);
  const products: ProductRow[] = [];
  const productVariants: ProductVariantRow[] = [];
  const variants: VariantInfo[] = [];
  const variantsByProduct = new Map<string, VariantInfo[]>();
  const productExternalBase = 8_000_000_000_000 + random.int(0, 999) * 1_000_000_000;
  const variantExternalBase = 40_000_000_000_000 + random.int(0, 999) * 10_000_000_000;

  const templates = random.sample(PRODUCTS, Math.min(o.productCount, PRODUCTS.length));
  templates.forEach((product, productIndex) => {
    const productId = makeId("product");
    const createdAt = random.dateBetween(openedAt, addMs(anchor, -360 * DAY_MS));
    const updatedAt = random.dateBetween(createdAt, anchor);
    const imageUrl = productImageUrl(product.image);
    const productExternalId = String(productExternalBase + productIndex * 1000 + random.int(0, 999));
    products.push({
      id: productId,
      storeId,
      title: product.title,
      externalId: productExternalId,
      imageUrl,
      createdAt,
      updatedAt,
    });

    const list: VariantInfo[] = [];
    variantOptions(random, SIZE_SETS[product.sizes]).forEach((option, variantIndex) => {
      const id = makeId("variant");
      const title = option.size === "One Size" ? option.color : `${option.color} / ${option.size}`;
      const sku = [template.skuPrefix, product.code, option.code, sizeCode(option.size)].join("-");
      const itemRef = String(productIndex * 10 + variantIndex).padStart(5, "0");
      const upc = upcA(`${template.upcPrefix}${itemRef}`);
      const basePrice = product.price + (BIG_SIZES.has(option.size) ? 200 : 0);
      const priceCents = Math.round((basePrice * template.priceFactor) / 100) * 100;
      const weightKg = formatCents(
        Math.max(1, Math.round(product.weightKg * 100 * random.float(0.95, 1.05))),
      );
      const externalId = String(
        variantExternalBase + (productIndex * 10 + variantIndex) * 1000 + random.int(0, 999),
      );
      productVariants.push({
        id,
        storeId,
        productId,
        title,
        sku,
        upc,
        externalId,
        price: formatCents(priceCents),
        weightKg,
        imageUrl,
        createdAt,
        updatedAt,
      });
      list.push({
        id,
        productId,
        productTitle: product.title,
        productExternalId,
        title,
        sku,
        upc,
        externalId,
        priceCents,
        weightKg,
      });
    });
    variantsByProduct.set(productId, list);
    variants.push(...list);
  });

  const inventory = generateInventory(o, locationInfos, variants, openedAt);
  return { locations, products, productVariants, ...inventory, locationInfos, variants, variantsByProduct };
}

function generateInventory(
  o: CatalogOptions,
  locations: LocationInfo[],
  variants: VariantInfo[],
  openedAt: Date,
): { inventoryItems: InventoryItemRow[]; inventoryLevels: InventoryLevelRow[] } {
  const { random, makeId, storeId, anchor } = o;
  const inventoryItems: InventoryItemRow[] = [];
  const inventoryLevels: InventoryLevelRow[] = [];
  const warehouses = locations.filter((l) => l.template.kind === "warehouse");
  const returnHubs = locations.filter((l) => l.template.receivesReturns);

  const add = (
    item: Omit<InventoryItemRow, "id" | "storeId" | "createdAt" | "updatedAt">,
    levels: { location: LocationInfo; quantity: number }[],
  ) => {
    const id = makeId("inventoryItem");
    const createdAt = random.dateBetween(openedAt, addMs(anchor, -30 * DAY_MS));
    const updatedAt = random.dateBetween(createdAt, anchor);
    inventoryItems.push({ id, storeId, createdAt, updatedAt, ...item });
    for (const level of levels) {
      inventoryLevels.push({
        inventoryItemId: id,
        storeId,
        locationId: level.location.id,
        quantity: level.quantity,
        updatedAt,
      });
    }
  };

  for (const variant of variants) {
    const levels = locations
      .filter((l) => l.template.kind === "warehouse" || random.chance(0.6))
      .map((location) => ({
        location,
        quantity:
          location.template.kind === "warehouse"
            ? random.weighted([
                [0, 1],
                [random.int(1, 400), 9],
              ])
            : random.int(0, 40),
      }));
    add(
      {
        variantId: variant.id,
        sku: variant.sku,
        name: `${variant.productTitle} - ${variant.title}`,
        kind: "PRODUCT",
      },
      levels,
    );
  }

  const extra = o.extraInventory ?? { returned: 12, undeclared: 6, unknown: 4 };
  for (const variant of random.sample(variants, extra.returned)) {
    add(
      {
        variantId: variant.id,
        sku: `${variant.sku}-RTN`,
        name: `Returned: ${variant.productTitle} - ${variant.title}`,
        kind: "RETURN",
      },
      random
        .sample(returnHubs, random.int(1, returnHubs.length))
        .map((location) => ({ location, quantity: random.int(1, 12) })),
    );
  }
  for (const variant of random.sample(variants, extra.undeclared)) {
    add(
      {
        variantId: variant.id,
        sku: variant.sku,
        name: `Undeclared: ${variant.productTitle} - ${variant.title}`,
        kind: "UNDECLARED",
      },
      [{ location: random.pick(warehouses), quantity: random.int(1, 30) }],
    );
  }
  for (let i = 0; i < extra.unknown; i++) {
    const labelled = random.chance(0.5);
    add(
      {
        variantId: null,
        sku: labelled ? `UNK-${random.digits(6)}` : null,
        name: random.pick(["Unlabelled carton", "Loose item, no tag", "Mixed polybag", null]),
        kind: "UNKNOWN",
      },
      [{ location: random.pick(warehouses), quantity: random.int(1, 6) }],
    );
  }
  return { inventoryItems, inventoryLevels };
}
