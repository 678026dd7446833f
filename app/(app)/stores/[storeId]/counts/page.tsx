import { Suspense } from "react";
import { CountsListPage } from "@/components/counts/counts-list-page";

export const metadata = { title: "Cycle counts" };

export default function CountsRoute() {
  return (
    <Suspense>
      <CountsListPage />
    </Suspense>
  );
}
