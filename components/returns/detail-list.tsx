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
