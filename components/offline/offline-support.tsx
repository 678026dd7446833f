"use client";

import { useEffect } from "react";
import { useStaff } from "@/components/app/staff-context";
import { useOfflineQueueRunner } from "@/lib/client/hooks/offline-queue";
import { registerServiceWorker } from "@/lib/client/offline-caches";

/** On every staff page: the service worker for offline pages, and the queue sending this person's writes. */
export function OfflineSupport() {
  const { user } = useStaff();
  useEffect(() => void registerServiceWorker(), []);
  useOfflineQueueRunner(user.id);
  return null;
}
