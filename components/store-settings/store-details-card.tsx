"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId } from "react";
import { StoreFields } from "@/components/app/store-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/client/api-client";
import { useUpdateStore } from "@/lib/client/hooks/store";
import type { Store } from "@/lib/schemas/stores";

/** Field errors of a 400 (`store.timeZone` -> timeZone). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.errors.map((issue) => [issue.path.split(".").at(-1) ?? "form", issue.message]),
  );
}

/** Name, currency and time zone. Only what changed is sent; the layout re-reads the store after a save. */
export function StoreDetailsCard({
  store,
  currencies,
  timeZones,
}: {
  store: Store;
  currencies: string[];
  timeZones: string[];
}) {
  const formId = useId();
  const router = useRouter();
  const update = useUpdateStore(store.id);
  const errors = fieldErrors(update.error);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = {
      name: String(form.get("storeName") ?? ""),
      currency: String(form.get("currency") ?? ""),
      timeZone: String(form.get("timeZone") ?? ""),
    };
    const change = Object.fromEntries(
      Object.entries(next).filter(([key, value]) => value !== store[key as keyof typeof next]),
    );
    if (Object.keys(change).length === 0) return;
    // The sidebar's store name and the zone dates are shown in come from the server layout.
    update.mutate(change, { onSuccess: () => router.refresh() });
  };

  return (
    <Card
      title="Store details"
      description="How the store is named across Backroom, its default currency and its time zone."
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <StoreFields
          values={store}
          errors={errors}
          hints={{
            currency: "For orders and returns created from now on; existing amounts keep theirs.",
            timeZone: "Dates and times across the app are shown in this zone, and date filters use its days.",
          }}
          version={store.updatedAt}
          currencies={currencies}
          timeZones={timeZones}
        />
        <div className="flex justify-end">
          <Button type="submit" variant="primary" pending={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}
