import { Suspense } from "react";
import { ReturnsPage } from "@/components/returns/returns-page";
import { ReturnsTableSkeleton } from "@/components/returns/returns-table";

export const metadata = { title: "Returns" };

export default async function ReturnsRoute({ params }: { params: Promise<{ storeId: string }> }) {
  const { storeId } = await params;
  // The list reads its filters from the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<ReturnsTableSkeleton />}>
      <ReturnsPage storeId={storeId} />
    </Suspense>
  );
}
