import type { ExternalToast } from "sonner";

/**
 * `toast.success` / `toast.error` with sonner loaded on the first toast, not in every page's first load
 * (sonner is ~10 KB gzipped, and most visits show no toast). The `<Toaster>`s are `LazyToaster`s
 * (components/ui/toaster.tsx): each renders nothing until a toast is asked for its id, then loads sonner and
 * mounts sonner's own `Toaster`; the toast is sent once that toaster listens (sonner's toaster shows only
 * the toasts sent after it mounted).
 */

type Sonner = typeof import("sonner");

/** The page's toaster when a toast names none (sonner's default). */
export const DEFAULT_TOASTER = "";

let sonner: Promise<Sonner> | undefined;

/** sonner itself, fetched once. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

type Toaster = { activate: () => void; ready: Promise<void>; markReady: () => void };
const toasters = new Map<string, Toaster>();

function toasterFor(id: string): Toaster {
  let toaster = toasters.get(id);
  if (!toaster) {
    let markReady = () => {};
    const ready = new Promise<void>((resolve) => {
      markReady = resolve;
    });
    toaster = { activate: () => {}, ready, markReady };
    toasters.set(id, toaster);
  }
  return toaster;
}

/**
 * Called by a `LazyToaster` when it mounts: `activate` makes it load sonner and render; the returned
 * `ready` is for it to call once sonner's toaster listens, and the function returned last forgets it
 * when it unmounts (a dialog's toaster).
 */
export function registerToaster(
  id: string,
  activate: () => void,
): { ready: () => void; unregister: () => void } {
  const toaster = toasterFor(id);
  toaster.activate = activate;
  return {
    ready: toaster.markReady,
    unregister: () => {
      if (toasters.get(id) === toaster) toasters.delete(id);
    },
  };
}

async function send(kind: "success" | "error", message: string, options?: ExternalToast): Promise<void> {
  const toaster = toasters.get(options?.toasterId ?? DEFAULT_TOASTER);
  const module = loadSonner();
  if (toaster) {
    toaster.activate();
    await toaster.ready;
  }
  (await module).toast[kind](message, options);
}

export const toast = {
  success: (message: string, options?: ExternalToast) => void send("success", message, options),
  error: (message: string, options?: ExternalToast) => void send("error", message, options),
};
