import { TeamPage } from "@/components/team/team-page";

export const metadata = { title: "Team" };

export default async function TeamSettingsPage({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  return <TeamPage storeId={storeId} />;
}
