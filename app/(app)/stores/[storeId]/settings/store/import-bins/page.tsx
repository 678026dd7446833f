import { ImportWizard } from "@/components/imports/import-wizard";

export const metadata = { title: "Import bins" };

/** A location's bins from CSV (docs/bins.md): `?location=loc_…` is the location of rows that name none. */
export default async function ImportBinsRoute({
  searchParams,
}: {
  searchParams: Promise<{ location?: string | string[] }>;
}) {
  const { location } = await searchParams;
  const locationId =
    typeof location === "string" && /^loc_[0-9A-Za-z]{1,60}$/.test(location) ? location : undefined;
  return (
    <ImportWizard
      kind="bins"
      back={{ label: "Store settings", path: "settings/store" }}
      query={locationId ? { location_id: locationId } : undefined}
    />
  );
}
