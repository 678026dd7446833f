"use client";

import { ErrorState } from "@/components/ui/states";

/** A page that failed to render shows what happened and a retry instead of a blank screen. */
export default function StaffPageError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <ErrorState
      title="This page could not be shown"
      message={
        error.digest
          ? `Something went wrong on the server (reference ${error.digest}). Try again in a moment.`
          : error.message || "Something went wrong."
      }
      onRetry={reset}
    />
  );
}
