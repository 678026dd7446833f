"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { LazyToaster } from "@/components/ui/toaster";
import { ApiError } from "@/lib/client/api-client";

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Offline, a query still asks once: the service worker answers from what this device read before
        // (docs/offline.md), so a scanning page opens without a network.
        networkMode: "offlineFirst",
        // A 4xx will not change by asking again; network blips and 5xx get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* Default colours (dark text on white): the rich success green is below 4.5:1 contrast. */}
      <LazyToaster position="bottom-right" closeButton />
    </QueryClientProvider>
  );
}
