import { StoreSettingsPage } from "@/components/store-settings/store-settings-page";
import { currencyCodes, timeZoneNames } from "@/lib/schemas/stores";

export const metadata = { title: "Store settings" };

export default async function StoreSettingsRoute({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  // The server's lists, so the options rendered on the server and in the browser are the same.
  return <StoreSettingsPage storeId={storeId} currencies={currencyCodes()} timeZones={timeZoneNames()} />;
}
