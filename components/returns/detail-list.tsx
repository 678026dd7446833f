import type { ReactNode } from "react";

/** Label/value pairs as a description list; hold `<Detail>`s. */
export function DetailList({
  className = "grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return <dl className={className}>{children}</dl>;
}

/**
 * One pair of a DetailList. Without a value it renders nothing: the API omits fields it does not know,
 * and a column of dashes would only hide the ones that matter.
 */
export function Detail({ label, children }: { label: string; children?: ReactNode }) {
  if (children === undefined || children === null || children === "" || children === false) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Internal identifiers (ours, the platform's, the carrier's) folded under a "Details" disclosure: support
 * and integrations need them, day-to-day work reads the names above. Renders nothing when no pair has a
 * value (each `Detail` without one renders nothing; an empty list would still show the disclosure, so the
 * caller says whether any is set).
 */
export function IdDetails({
  label = "Details",
  show = true,
  wide = false,
  children,
}: {
  label?: string;
  show?: boolean;
  /** Two columns from 640 px: for the main column, not the side panels. */
  wide?: boolean;
  children: ReactNode;
}) {
  if (!show) return null;
  return (
    <details className="group mt-3 rounded-md border border-slate-200 text-sm">
      <summary className="cursor-pointer rounded-md px-3 py-1.5 text-xs font-medium text-slate-600 select-none hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {label}
      </summary>
      <DetailList
        className={`grid grid-cols-1 gap-x-6 gap-y-2 border-t border-slate-200 px-3 py-2 ${wide ? "sm:grid-cols-2" : ""}`}
      >
        {children}
      </DetailList>
    </details>
  );
}

/** An identifier in monospace, selectable as one word. */
export function Mono({ children }: { children: ReactNode }) {
  return <span className="font-mono text-[0.8125rem] break-all text-slate-800">{children}</span>;
}

/** An address on its lines. */
export function AddressLines({
  address,
}: {
  address: {
    line1: string;
    line2?: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
}) {
  return (
    <address className="not-italic">
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state} {address.postalCode}
      <br />
      {address.country}
    </address>
  );
}
