import { serialCount } from "./receipt-serials";

/**
 * The serials a receipt line recorded, folded under their count ("3 serials", "1 serial taken back") so a
 * line of many units stays one row high; opened, each serial is a chip, and one a correction took back is
 * struck through and says so.
 */
export function ReceiptLineSerials({
  title,
  serials,
  takenBack,
  correcting,
}: {
  title: string;
  serials: readonly string[];
  /** The serials a correction of this receipt took back. */
  takenBack: ReadonlySet<string>;
  /** A correcting receipt's negative line: its serials are the ones it took back. */
  correcting: boolean;
}) {
  if (serials.length === 0) return null;
  const gone = correcting ? 0 : serials.filter((serial) => takenBack.has(serial)).length;
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer py-1 text-slate-700">
        {serialCount(serials.length)}
        {correcting ? " taken back" : gone > 0 ? ` · ${gone} taken back` : ""}
        <span className="sr-only"> of {title}</span>
      </summary>
      <ul className="mt-1 flex max-w-72 flex-wrap gap-1.5" aria-label={`Serials of ${title}`}>
        {serials.map((serial) => {
          const left = !correcting && takenBack.has(serial);
          return (
            <li
              key={serial}
              className={`rounded border px-1.5 py-0.5 font-mono break-all ${left ? "border-amber-200 bg-amber-50 text-amber-900 line-through" : "border-slate-200 bg-slate-50 text-slate-800"}`}
            >
              {serial}
              {left ? <span className="sr-only"> (taken back)</span> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
