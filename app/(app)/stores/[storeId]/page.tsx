import { OverviewPage } from "@/components/overview/overview-page";

export const metadata = { title: "Overview" };

/** The store's home: the work waiting and the last 12 weeks (docs/overview.md). */
export default function StoreHome() {
  return <OverviewPage />;
}
