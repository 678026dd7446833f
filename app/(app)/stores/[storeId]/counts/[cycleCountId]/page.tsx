import { CountPage } from "@/components/counts/count-page";

export const metadata = { title: "Cycle count" };

export default async function CountRoute({ params }: { params: Promise<{ cycleCountId: string }> }) {
  const { cycleCountId } = await params;
  return <CountPage cycleCountId={cycleCountId} />;
}
