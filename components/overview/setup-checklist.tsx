import { CheckCircle2, Circle } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { type Access, roleAllows, type StaffStoreSummary } from "@/components/app/staff-context";
import { buttonClasses } from "@/components/ui/button";
import type { SetupProgress } from "@/lib/schemas/overview";

type Step = {
  key: keyof SetupProgress;
  title: string;
  /** What to do, said while the step is open. */
  todo: string;
  /** What the data shows, said once it is done. */
  done: string;
  /** Where it is done, and the role that may do it there. */
  links: { label: string; href: string }[];
  access: Access;
};

function stepsFor(store: StaffStoreSummary): Step[] {
  const base = `/stores/${store.id}`;
  return [
    {
      key: "locations",
      title: "Name your locations",
      todo: "Add the warehouses and stores that hold stock; shipments and returns go to one of them.",
      done: "Your store has a location. Rename it or add more in Settings -> Store.",
      links: [{ label: "Locations", href: `${base}/settings/store#locations` }],
      access: "admin",
    },
    {
      key: "returnAddress",
      title: "Set a return address",
      todo: "Give a location the address customers send returns to.",
      done: "A location receives returns at its address.",
      links: [{ label: "Set return address", href: `${base}/settings/store#locations` }],
      access: "admin",
    },
    {
      key: "products",
      title: "Import your products",
      todo: `Download the template (prices in ${store.currency}), fill in your catalog and import it.`,
      done: "Your catalog has products; each variant has its inventory item.",
      links: [{ label: "Import products", href: `${base}/inventory/import-products` }],
      access: "write",
    },
    {
      key: "inboundShipment",
      title: "Create your first shipment",
      todo: "Record stock on its way to a location, then receive it when it arrives.",
      done: "Inbound stock is being tracked.",
      links: [
        { label: "New shipment", href: `${base}/shipments/new` },
        { label: "Import shipments", href: `${base}/shipments/import` },
      ],
      access: "write",
    },
    {
      key: "team",
      title: "Invite your team",
      todo: "Add the people who receive, process returns or only look, each with their role.",
      done: "More than one person works in this store.",
      links: [{ label: "Add members", href: `${base}/settings/team` }],
      access: "admin",
    },
    {
      key: "integration",
      title: "Connect your systems",
      todo: "Send events to your systems with a webhook, or let them call the API with an API secret.",
      done: "A webhook or an API secret connects another system.",
      links: [
        { label: "Add a webhook", href: `${base}/settings/webhooks` },
        { label: "Create an API secret", href: `${base}/settings/api-secrets` },
      ],
      access: "admin",
    },
  ];
}

const ROLE_NEEDED: Record<Access, string> = { read: "", write: "an editor or admin", admin: "an admin" };

/**
 * The first-run checklist: six steps, each ticked by the store's data (never by a click here), each linking
 * to where it is done. Shown until every step is done, then gone for good unless the data changes back
 * (docs/overview.md "Setup checklist").
 */
export function SetupChecklist({ store, progress }: { store: StaffStoreSummary; progress: SetupProgress }) {
  const steps = stepsFor(store);
  const doneCount = steps.filter((step) => progress[step.key]).length;
  const complete = doneCount === steps.length;
  // One primary button, on the first open step this person can do: the next thing to do, not six at once.
  const next = steps.find((step) => !progress[step.key] && roleAllows(store.role, step.access))?.key;
  // An empty list's link lands on its step (`#setup-…`, components/app/setup-step-link.tsx). The list renders after the overview
  // arrives, too late for the browser's own jump to the anchor, so the step is scrolled to and marked here.
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (complete || !id.startsWith("setup-")) return;
    setTarget(id);
    document.getElementById(id)?.scrollIntoView({ block: "center" });
  }, [complete]);
  if (complete) return null;
  return (
    <section
      aria-labelledby="setup-heading"
      className="rounded-lg border border-indigo-200 bg-white shadow-sm"
      data-testid="setup-checklist"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-3.5">
        <div>
          <h2 id="setup-heading" className="text-sm font-semibold text-slate-900">
            Set up your store
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            Each step ticks itself when the store has what it needs. This list goes away once all are done.
          </p>
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <progress
            className="h-2 w-24 overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
            max={steps.length}
            value={doneCount}
            aria-label="Setup progress"
          />
          <span className="tabular-nums">
            {doneCount} of {steps.length} done
          </span>
        </div>
      </header>
      <ol className="divide-y divide-slate-100">
        {steps.map((step) => {
          const done = progress[step.key];
          const allowed = roleAllows(store.role, step.access);
          return (
            <li
              key={step.key}
              id={`setup-${step.key}`}
              data-done={done}
              className={`flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:gap-4 ${target === `setup-${step.key}` ? "bg-indigo-50" : ""}`}
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                {done ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                )}
                <div className="min-w-0">
                  <p className={`text-sm font-medium ${done ? "text-slate-600" : "text-slate-900"}`}>
                    {step.title}
                    <span className="sr-only">{done ? " (done)" : " (to do)"}</span>
                  </p>
                  <p className="text-sm text-slate-600">{done ? step.done : step.todo}</p>
                </div>
              </div>
              {done ? null : allowed ? (
                <div className="flex shrink-0 flex-wrap gap-2 pl-8 sm:pl-0">
                  {step.links.map((link, index) => (
                    <Link
                      key={link.href}
                      href={link.href}
                      className={buttonClasses(
                        step.key === next && index === 0 ? "primary" : "secondary",
                        "sm",
                      )}
                    >
                      {link.label}
                    </Link>
                  ))}
                </div>
              ) : (
                <p className="shrink-0 pl-8 text-sm text-slate-500 sm:pl-0">
                  Needs {ROLE_NEEDED[step.access]}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
