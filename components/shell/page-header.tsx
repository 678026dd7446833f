import { ChevronRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { DocumentTitle } from "./document-title";

export type Crumb = { label: string; href?: string };

/** Breadcrumbs, the page's one h1, a line of context and the page's actions. */
export function PageHeader({
  title,
  breadcrumbs = [],
  description,
  actions,
  meta,
}: {
  title: ReactNode;
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  actions?: ReactNode;
  meta?: ReactNode;
}) {
  return (
    <div className="mb-6">
      {typeof title === "string" ? <DocumentTitle title={title} /> : null}
      {breadcrumbs.length > 0 ? (
        <nav aria-label="Breadcrumb" className="mb-2">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
            {breadcrumbs.map((crumb, index) => (
              <li key={crumb.href ?? crumb.label} className="flex items-center gap-1">
                {index > 0 ? <ChevronRight className="size-3.5 text-slate-400" aria-hidden="true" /> : null}
                {crumb.href ? (
                  <Link href={crumb.href} className="hover:text-slate-800 hover:underline">
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          {meta ? <div className="mt-2 flex flex-wrap items-center gap-2">{meta}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

/**
 * A page's header while what it is about loads: grey bars where the title, (with `description`) the line
 * of context and the meta line will be, and `loading` for screen readers.
 */
export function LoadingPageHeader({
  loading,
  breadcrumbs,
  description = false,
}: {
  /** What is loading, e.g. "Loading the shipment…". */
  loading: string;
  breadcrumbs: Crumb[];
  description?: boolean;
}) {
  return (
    <PageHeader
      title={
        <>
          <span className="sr-only">{loading}</span>
          <Skeleton className="h-8 w-72" />
        </>
      }
      breadcrumbs={breadcrumbs}
      description={description ? <Skeleton className="h-4 w-96 max-w-full" /> : undefined}
      meta={<Skeleton className="h-5 w-40 rounded-full" />}
    />
  );
}
