"use client";

import { useCallback, useEffect, useReducer, useState } from "react";
import {
  emptyPending,
  hasPendingWork,
  newIdempotencyKey,
  type PendingAction,
  pendingReducer,
} from "./pending-receipt";
import {
  clearPending,
  type KeyValueStorage,
  loadPending,
  type SaveOutcome,
  savePending,
} from "./pending-storage";

/** localStorage, or null where the browser refuses it (reading the property itself can throw). */
function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The pending receipt of a shipment, kept in localStorage after every change. It is read after mounting (the
 * server has no localStorage) and only then written, so a reload never overwrites the kept scans with an
 * empty receipt. `restored` counts the units found on load, for the page to say so.
 */
export function usePendingReceipt(storeId: string, inboundShipmentId: string, lineIds: readonly string[]) {
  const [state, dispatch] = useReducer(pendingReducer, null, () => emptyPending(newIdempotencyKey()));
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(0);
  const [saved, setSaved] = useState<SaveOutcome>("saved");
  const lineKey = lineIds.join(",");

  useEffect(() => {
    if (loaded) return;
    const storage = browserStorage();
    const pending = storage ? loadPending(storage, storeId, inboundShipmentId, lineKey.split(",")) : null;
    if (pending && hasPendingWork(pending)) {
      dispatch({ type: "restore", pending });
      setRestored(Object.values(pending.lines).reduce((sum, line) => sum + line.counted + line.missing, 0));
    }
    setLoaded(true);
  }, [loaded, storeId, inboundShipmentId, lineKey]);

  useEffect(() => {
    if (!loaded) return;
    const storage = browserStorage();
    if (!storage) {
      setSaved("failed");
      return;
    }
    if (hasPendingWork(state)) setSaved(savePending(storage, storeId, inboundShipmentId, state));
    else {
      clearPending(storage, storeId, inboundShipmentId);
      setSaved("saved");
    }
  }, [loaded, state, storeId, inboundShipmentId]);

  /** After the receipt is recorded: a new receipt (new key) that keeps only the codes nobody identified. */
  const startOver = useCallback(
    (keepUnknown: boolean) => {
      const next = emptyPending(newIdempotencyKey());
      dispatch({ type: "restore", pending: keepUnknown ? { ...next, unknown: state.unknown } : next });
    },
    [state.unknown],
  );

  const act = useCallback((action: PendingAction) => dispatch(action), []);
  return { state, dispatch: act, loaded, restored, saved, startOver };
}
