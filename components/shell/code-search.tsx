"use client";

import { ScanBarcode } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { CameraScanButton } from "@/components/scanning/camera-scan-button";
import { errorMessage } from "@/lib/client/api-client";
import { callApi } from "@/lib/client/call-api";
import type { SearchResult } from "@/lib/schemas/search";

const TYPE_LABELS: Record<SearchResult["type"], string> = {
  return: "Return",
  inbound_shipment: "Inbound shipment",
  inventory_item: "Inventory item",
  location: "Location",
};

const MATCH_LABELS: Record<SearchResult["matched"], string> = {
  id: "id",
  order_name: "order",
  tracking_number: "tracking number",
  shipment_id: "shipment reference",
  item_identifier: "item identifier",
  license_plate: "license plate",
  shipment_line: "shipment line label",
  sku: "SKU",
  upc: "UPC",
  bin_code: "bin label",
};

export function resultHref(storeId: string, result: SearchResult): string {
  if (result.type === "return") return `/stores/${storeId}/returns/${result.id}`;
  if (result.type === "inbound_shipment") return `/stores/${storeId}/shipments/${result.id}`;
  // Locations are kept in the store's settings; the card there shows each with its label button.
  if (result.type === "location") return `/stores/${storeId}/settings/store#${result.id}`;
  return `/stores/${storeId}/inventory/${result.id}`;
}

/** True when a key press belongs to a field being typed in, so `/` types a slash there. */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/** Suggestions start from this many characters (one matches half the store) and wait for a pause in typing. */
const SUGGEST_MIN_LENGTH = 2;
const SUGGEST_SETTLE_MS = 250;
const SUGGESTIONS = 8;

/** `partial`: codes containing what was typed (suggestions), not one exact code. */
type Outcome = { code: string; results: SearchResult[]; partial: boolean } | { code: string; error: string };

/**
 * One box in the top bar for any code staff hold (docs/search.md): a return id, order number, tracking label,
 * PO, serial, SKU or UPC, typed or scanned (a scanner types the code and Enter). `/` focuses it from anywhere.
 * Enter looks the code up exactly: one match opens at once (at the dock, scanning a carton's label opens its
 * shipment); several are listed; none lists the codes that contain it, or says there are none and keeps the
 * code in the box. While someone types, codes containing the text are offered (`match=contains`).
 */
export function CodeSearch() {
  const store = useCurrentStore();
  const router = useRouter();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // Bumped by Enter and by every edit, so a slower suggestion answer never replaces a newer outcome.
  const generation = useRef(0);

  useEffect(() => {
    const q = code.trim();
    if (q.length < SUGGEST_MIN_LENGTH) return;
    const mine = generation.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi("searchStore", {
        params: { storeId: store.id },
        query: { q, match: "contains" },
        headers: { "X-Page-Size": String(SUGGESTIONS) },
        signal: controller.signal,
      })
        .then(({ data }) => {
          if (generation.current === mine) setOutcome({ code: q, results: data.results, partial: true });
        })
        // A failed suggestion is not worth a message: Enter still searches and reports its own failure.
        .catch(() => undefined);
    }, SUGGEST_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [code, store.id]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey || typingIn(event.target))
        return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void find(code);
  };

  /** Looks a code up exactly, as Enter does; the camera's reads come here too. */
  const find = async (typed: string) => {
    const q = typed.trim();
    if (q === "") return;
    const mine = ++generation.current;
    setPending(true);
    try {
      const { data } = await callApi("searchStore", {
        params: { storeId: store.id },
        query: { q },
        headers: { "X-Page-Size": "20" },
      });
      const [only] = data.results;
      if (data.results.length === 1 && only) {
        setOutcome(null);
        setCode("");
        router.push(resultHref(store.id, only));
        return;
      }
      const partial =
        data.results.length === 0
          ? (
              await callApi("searchStore", {
                params: { storeId: store.id },
                query: { q, match: "contains" },
                headers: { "X-Page-Size": "20" },
              })
            ).data.results
          : [];
      if (generation.current !== mine) return;
      setOutcome(
        data.results.length > 0
          ? { code: q, results: data.results, partial: false }
          : { code: q, results: partial, partial: true },
      );
    } catch (error) {
      if (generation.current === mine) setOutcome({ code: q, error: errorMessage(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <search className="relative order-last w-full sm:order-none sm:w-auto sm:min-w-44 sm:max-w-md sm:flex-1">
      <form onSubmit={submit}>
        <label htmlFor={inputId} className="sr-only">
          Find by code: return, order, tracking number, SKU or UPC
        </label>
        <ScanBarcode
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400"
        />
        <input
          ref={input}
          id={inputId}
          type="search"
          autoComplete="off"
          value={code}
          aria-busy={pending}
          aria-keyshortcuts="/"
          placeholder="Find by code  ( / )"
          aria-controls={outcome ? `${inputId}-results` : undefined}
          onChange={(event) => {
            generation.current++;
            setCode(event.target.value);
            setOutcome(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setOutcome(null);
            if (event.key === "ArrowDown" && list.current) {
              event.preventDefault();
              list.current.querySelector("a")?.focus();
            }
          }}
          className="block h-9 w-full rounded-md border-0 bg-white py-1.5 pr-11 pl-8 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-indigo-600"
        />
        <CameraScanButton
          iconOnly
          title="Find by code with the camera"
          description="Point the camera at a barcode or QR code: a return, order, tracking label, SKU or UPC. It is looked up as if typed."
          onCode={(scanned) => {
            generation.current++;
            setCode(scanned);
            setOutcome(null);
            void find(scanned);
            return { tone: "info", text: `Looking up ${scanned}…`, done: true };
          }}
          className="absolute top-0.5 right-0.5 w-9"
        />
      </form>
      <div aria-live="polite">
        {outcome ? (
          <div
            id={`${inputId}-results`}
            className="absolute top-11 left-0 z-30 w-80 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg"
          >
            {"error" in outcome ? (
              <p className="p-2 text-red-700">The search failed: {outcome.error}</p>
            ) : outcome.results.length === 0 ? (
              <p className="p-2 text-slate-700">
                Nothing in {store.name} has the code <span className="font-mono">{outcome.code}</span>
                {outcome.partial ? " or a code containing it" : ""}.
              </p>
            ) : (
              <>
                <p className="px-2 pt-1 pb-2 text-xs text-slate-600">
                  {outcome.partial ? (
                    <>
                      {outcome.results.length}
                      {outcome.results.length === SUGGESTIONS ? "+" : ""}{" "}
                      {outcome.results.length === 1 ? "code contains" : "codes contain"}{" "}
                      <span className="font-mono">{outcome.code}</span>
                    </>
                  ) : (
                    <>
                      {outcome.results.length} matches for <span className="font-mono">{outcome.code}</span>
                    </>
                  )}
                </p>
                <ul
                  ref={list}
                  aria-label={outcome.partial ? "Partial matches" : "Matches"}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") {
                      setOutcome(null);
                      input.current?.focus();
                    } else moveFocus(event, list.current, input.current);
                  }}
                >
                  {outcome.results.map((result) => (
                    <li key={`${result.type}:${result.id}`}>
                      <Link
                        href={resultHref(store.id, result)}
                        onClick={() => setOutcome(null)}
                        className="block rounded px-2 py-1.5 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        <span className="block font-medium text-slate-900">
                          {TYPE_LABELS[result.type]} {result.title}
                        </span>
                        <span className="block text-xs text-slate-600">
                          {result.subtitle} · by {MATCH_LABELS[result.matched]}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : null}
      </div>
    </search>
  );
}

/** Up and down between the offered matches; up from the first goes back to the box. */
function moveFocus(
  event: ReactKeyboardEvent<HTMLUListElement>,
  list: HTMLUListElement | null,
  box: HTMLInputElement | null,
) {
  if (!list || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
  event.preventDefault();
  const links = [...list.querySelectorAll("a")];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = event.key === "ArrowDown" ? links[at + 1] : at <= 0 ? box : links[at - 1];
  next?.focus();
}
