import { AlertsPage } from "@/components/alerts/alerts-page";

export const metadata = { title: "Alerts" };

export default async function AlertSettingsPage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  return <AlertsPage storeId={storeId} />;
}
