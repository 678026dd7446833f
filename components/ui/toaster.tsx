"use client";

import { type ComponentProps, type ComponentType, useEffect, useRef, useState } from "react";
import type { Toaster as SonnerToaster } from "sonner";
import { DEFAULT_TOASTER, loadSonner, registerToaster } from "@/lib/client/toast";

type ToasterProps = ComponentProps<typeof SonnerToaster>;

/** Runs `onMount` after the toaster before it (an earlier sibling) has run its effects, i.e. subscribed. */
function Mounted({ onMount }: { onMount: () => void }) {
  // Resolving a promise twice does nothing, so running again on a new callback is harmless.
  useEffect(() => onMount(), [onMount]);
  return null;
}

/**
 * sonner's `<Toaster>`, rendered once the first toast for it is sent (see lib/client/toast.ts): until then
 * it renders nothing and sonner stays out of the page's JavaScript.
 */
export function LazyToaster(props: ToasterProps) {
  const id = props.id ?? DEFAULT_TOASTER;
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const ready = useRef<() => void>(() => {});
  useEffect(() => {
    let active = true;
    const registration = registerToaster(id, () => {
      void loadSonner().then((sonner) => {
        if (active) setToaster(() => sonner.Toaster);
      });
    });
    ready.current = registration.ready;
    return () => {
      active = false;
      registration.unregister();
    };
  }, [id]);
  if (!Toaster) return null;
  return (
    <>
      <Toaster {...props} />
      <Mounted onMount={() => ready.current()} />
    </>
  );
}
