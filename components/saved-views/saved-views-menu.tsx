"use client";

import { Bell, BellRing, Bookmark, Trash2 } from "lucide-react";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useCan } from "@/components/app/staff-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useMyAlerts } from "@/lib/client/hooks/alerts";
import { useDeleteSavedView, useSavedViews } from "@/lib/client/hooks/saved-views";
import type { SavedViewList } from "@/lib/enums";
import { SAVED_VIEW_PARAMS } from "@/lib/schemas/saved-view-params";
import type { SavedView } from "@/lib/schemas/saved-views";
import { AlertDialog } from "./alert-dialog";
import { SaveViewDialog } from "./save-view-dialog";
import { ScheduleReportMenuItem } from "./schedule-report";

/** The panel's width in px (w-72). */
const PANEL_WIDTH = 288;

/**
 * "Views" beside a list's filters: named filter sets, applied by navigating to the list with their query
 * (the URL stays the source of truth), saved from the current URL, deleted by whoever may. A disclosure
 * (button + panel), not an ARIA menu: it holds links and buttons that keep their own roles. Escape or a
 * click elsewhere closes it; it opens towards the side where it stays inside the page's content.
 */
export function SavedViewsMenu({ storeId, list }: { storeId: string; list: SavedViewList }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const canSave = useCan("write");
  const views = useSavedViews(storeId, list);
  const remove = useDeleteSavedView(storeId, list);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const myAlerts = useMyAlerts(storeId);
  const [alerting, setAlerting] = useState<SavedView | null>(null);
  const alertsOf = (viewId: string) =>
    (myAlerts.data ?? []).filter((alert) => alert.savedView?.id === viewId);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const side = usePanelSide(rootRef, open);
  useDismiss(rootRef, open && !saving && !alerting, (how) => {
    setOpen(false);
    if (how === "escape") buttonRef.current?.focus();
  });
  // Only the list's own filters are saved (the API refuses anything else).
  const known = SAVED_VIEW_PARAMS[list];
  const current = new URLSearchParams(
    [...searchParams.entries()].filter(([key, value]) => key in known && known[key]?.(value)),
  ).toString();

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <Bookmark className="size-4" aria-hidden="true" />
        Views
      </Button>
      {open ? (
        <div
          id={panelId}
          data-side={side}
          className={`absolute ${side === "end" ? "right-0" : "left-0"} z-20 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg`}
        >
          {views.isPending ? (
            <p className="px-2 py-1.5 text-slate-600">Loading views…</p>
          ) : (views.data ?? []).length === 0 ? (
            <p className="px-2 py-1.5 text-slate-600">No saved views yet.</p>
          ) : (
            <ul aria-label="Saved views" className="max-h-72 overflow-y-auto">
              {(views.data ?? []).map((view) => (
                <li key={view.id} className="flex items-center gap-1 rounded hover:bg-slate-50">
                  <Link
                    href={view.query ? `${pathname}?${view.query}` : pathname}
                    onClick={() => setOpen(false)}
                    className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="truncate">{view.name}</span>
                    {view.shared ? <Badge tone="blue">Shared</Badge> : null}
                  </Link>
                  <AlertButton
                    name={view.name}
                    alerts={alertsOf(view.id).length}
                    onClick={() => setAlerting(view)}
                  />
                  {view.deletable && canSave ? (
                    <button
                      type="button"
                      onClick={() => remove.mutate(view.id)}
                      className="rounded p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      <span className="sr-only">Delete view {view.name}</span>
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {canSave ? (
            <div className="mt-2 border-t border-slate-100 pt-2">
              <Button
                size="sm"
                variant="ghost"
                className="w-full justify-start"
                onClick={() => setSaving(true)}
              >
                Save current filters as a view…
              </Button>
            </div>
          ) : null}
          <ScheduleReportMenuItem storeId={storeId} views={views.data ?? []} onDone={() => setOpen(false)} />
        </div>
      ) : null}
      <SaveViewDialog
        storeId={storeId}
        list={list}
        query={current}
        takenNames={(views.data ?? []).map((view) => view.name)}
        open={saving}
        onClose={() => {
          setSaving(false);
          setOpen(false);
        }}
      />
      <AlertDialog
        storeId={storeId}
        view={alerting}
        alerts={alerting ? alertsOf(alerting.id) : []}
        open={alerting !== null}
        onClose={() => setAlerting(null)}
      />
    </div>
  );
}

/** The bell of a view: "Alert me…", ringing when one has alerts on it. */
function AlertButton({ name, alerts, onClick }: { name: string; alerts: number; onClick: () => void }) {
  const Icon = alerts > 0 ? BellRing : Bell;
  return (
    <button
      type="button"
      onClick={onClick}
      title={alerts > 0 ? `Your alerts on ${name}` : `Alert me about ${name}…`}
      className={`rounded p-1.5 hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600 ${alerts > 0 ? "text-indigo-700" : "text-slate-500"}`}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">
        {alerts > 0 ? `Alerts on ${name} (${alerts})` : `Alert me about ${name}…`}
      </span>
    </button>
  );
}

/**
 * Which edge the panel lines up with: the button's end (it grows leftwards) when that keeps it inside the
 * page's main area, else its start. Beside the filters on a wide screen the button is at the right; on a
 * tablet the toolbar wraps and the button starts a row at the left, where an end-aligned panel would leave
 * the screen.
 */
function usePanelSide(rootRef: RefObject<HTMLElement | null>, open: boolean): "start" | "end" {
  const [side, setSide] = useState<"start" | "end">("end");
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!open || !root) return;
    const main = root.closest("main");
    const measure = () => {
      const button = root.getBoundingClientRect();
      const left = main?.getBoundingClientRect().left ?? 0;
      setSide(button.right - PANEL_WIDTH >= left ? "end" : "start");
    };
    measure();
    // The toolbar can reflow while the panel is open (filters load, the window narrows) and move the
    // button to the start of a new row: measured once, the panel stayed end-aligned over the sidebar.
    const observer = new ResizeObserver(measure);
    if (root.parentElement) observer.observe(root.parentElement);
    if (main) observer.observe(main);
    return () => observer.disconnect();
  }, [open, rootRef]);
  return side;
}

/**
 * Calls `close` while `active` on Escape (focus then goes back to the button) and on a press outside
 * `rootRef`, as a popup is dismissed.
 */
function useDismiss(
  rootRef: RefObject<HTMLElement | null>,
  active: boolean,
  close: (how: "escape" | "outside") => void,
) {
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!active) return;
    const onPress = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        latestClose.current("outside");
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") latestClose.current("escape");
    };
    document.addEventListener("pointerdown", onPress);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPress);
      document.removeEventListener("keydown", onKey);
    };
  }, [active, rootRef]);
}
