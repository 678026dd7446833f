import { Download } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";

/** A list page's "Export CSV": a download of what the list shows, its filters applied. */
export function ExportCsvLink({ href, filtered, noun }: { href: string; filtered: boolean; noun: string }) {
  return (
    <a href={href} download className={buttonClasses("secondary")}>
      <Download className="size-4" aria-hidden="true" />
      Export CSV
      <span className="sr-only">{filtered ? ` of the filtered ${noun}` : ` of all ${noun}`}</span>
    </a>
  );
}
