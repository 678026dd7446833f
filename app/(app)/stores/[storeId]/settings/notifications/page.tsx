import { NotificationsPage } from "@/components/notifications/notifications-page";

export const metadata = { title: "Notifications" };

export default async function NotificationSettingsPage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  return <NotificationsPage storeId={storeId} />;
}
