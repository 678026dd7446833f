import { NewCountPage } from "@/components/counts/new-count-page";

export const metadata = { title: "New count" };

export default function NewCountRoute() {
  return <NewCountPage />;
}
