"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useId } from "react";
import { StoreFields } from "@/components/app/store-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { ApiError } from "@/lib/client/api-client";
import { type StoreChange, useUpdateStore } from "@/lib/client/hooks/store";
import type { Store } from "@/lib/schemas/stores";

/** Field errors of a 400 (`store.timeZone` -> timeZone). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.errors.map((issue) => [issue.path.split(".").at(-1) ?? "form", issue.message]),
  );
}

/**
 * Name, currency, time zone and the supplier claim due days. Only what changed is sent; the layout re-reads the
 * store after a save. The due days go as typed (a number, or the text when it is not one), so the API's 400
 * says what is wrong with it beside the field.
 */
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
    const change: StoreChange = Object.fromEntries(
      Object.entries(next).filter(([key, value]) => value !== store[key as keyof typeof next]),
    );
    const dueDays = String(form.get("supplierClaimDueDays") ?? "").trim();
    if (dueDays !== String(store.supplierClaimDueDays)) {
      change.supplierClaimDueDays = /^\d+$/.test(dueDays) ? Number(dueDays) : Number.NaN;
    }
    if (Object.keys(change).length === 0) return;
    // The sidebar's store name and the zone dates are shown in come from the server layout.
    update.mutate(change, { onSuccess: () => router.refresh() });
  };

  return (
    <Card
      title="Store details"
      description="How the store is named across Backroom, its default currency, its time zone and when supplier claims fall due."
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
        <TextField
          id="supplierClaimDueDays"
          label="Supplier claim due in (days)"
          key={`due-days-${store.updatedAt}`}
          defaultValue={String(store.supplierClaimDueDays)}
          error={errors.supplierClaimDueDays}
          hint="1 to 365. A claim drafted from now on is due this many days after; drafted claims keep their date."
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          step={1}
          required
          className="sm:max-w-xs"
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
