"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useMemo, useState } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, FormError, SelectField, TextArea, TextField } from "@/components/ui/field";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useLocationBins } from "@/lib/client/hooks/bins";
import { useCreateCycleCount } from "@/lib/client/hooks/cycle-counts";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import type { CycleCountScopeInput } from "@/lib/schemas/cycle-counts";

type ScopeType = CycleCountScopeInput["type"];
const SCOPES: { value: ScopeType; label: string }[] = [
  { value: "zone", label: "A zone" },
  { value: "bins", label: "Bins" },
  { value: "skus", label: "SKUs" },
  { value: "not_counted_since", label: "Not counted lately" },
];

/** New count: a location, what to count, blind or not (docs/cycle-counts.md). */
export function NewCountPage() {
  const store = useCurrentStore();
  const router = useRouter();
  const locations = useStoreLocations(store.id);
  const [locationId, setLocationId] = useState<string | null>(null);
  const location = locationId ?? locations.data?.[0]?.id ?? null;
  const bins = useLocationBins(store.id, location);
  const activeBins = useMemo(() => (bins.data ?? []).filter((bin) => !bin.archived), [bins.data]);
  const zones = useMemo(
    () => [...new Set(activeBins.flatMap((bin) => (bin.zone ? [bin.zone] : [])))].sort(),
    [activeBins],
  );
  const [scopeType, setScopeType] = useState<ScopeType>("zone");
  const [zone, setZone] = useState("");
  const [binIds, setBinIds] = useState<string[]>([]);
  const [skus, setSkus] = useState("");
  const [days, setDays] = useState("30");
  const [blind, setBlind] = useState(true);
  const [name, setName] = useState("");
  const create = useCreateCycleCount(store.id);

  const scope = (): CycleCountScopeInput => {
    if (scopeType === "zone") return { type: "zone", zone: zone || zones[0] || "" };
    if (scopeType === "bins") return { type: "bins", bin_ids: binIds };
    if (scopeType === "skus") {
      return { type: "skus", skus: skus.split(/[\s,]+/).filter((sku) => sku !== "") };
    }
    return { type: "not_counted_since", days: Number(days) };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!location) return;
    create.mutate(
      { location_id: location, blind, scope: scope(), ...(name.trim() ? { name: name.trim() } : {}) },
      { onSuccess: (created) => router.push(`/stores/${store.id}/counts/${created.cycle_count.id}`) },
    );
  };
  const issues = create.error instanceof ApiError ? create.error.errors : [];
  const scopeError = issues.find((issue) => issue.path.startsWith("cycle_count.scope"))?.message;

  return (
    <>
      <PageHeader
        title="New count"
        breadcrumbs={[
          { label: store.name, href: `/stores/${store.id}` },
          { label: "Counts", href: `/stores/${store.id}/counts` },
          { label: "New count" },
        ]}
      />
      <Card className="max-w-2xl">
        <form onSubmit={submit} className="space-y-5">
          <SelectField
            id="count-location"
            label="Location"
            value={location ?? ""}
            onChange={(event) => {
              setLocationId(event.target.value);
              setBinIds([]);
              setZone("");
            }}
          >
            {(locations.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </SelectField>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">What to count</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {SCOPES.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="scope"
                    value={option.value}
                    checked={scopeType === option.value}
                    onChange={() => setScopeType(option.value)}
                    className="size-4 accent-indigo-600"
                  />
                  {option.label}
                </label>
              ))}
            </div>
          </fieldset>
          {scopeType === "zone" ? (
            <SelectField
              id="count-zone"
              label="Zone"
              value={zone || zones[0] || ""}
              onChange={(event) => setZone(event.target.value)}
              error={scopeError}
            >
              {zones.length === 0 ? <option value="">No bin here has a zone</option> : null}
              {zones.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </SelectField>
          ) : null}
          {scopeType === "bins" ? (
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Bins</legend>
              <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {activeBins.map((bin) => (
                  <label key={bin.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={binIds.includes(bin.id)}
                      onChange={(event) =>
                        setBinIds((ids) =>
                          event.target.checked ? [...ids, bin.id] : ids.filter((id) => id !== bin.id),
                        )
                      }
                      className="size-4 accent-indigo-600"
                    />
                    <span className="font-mono">{bin.code}</span>
                  </label>
                ))}
              </div>
              <FormError message={scopeError} />
            </fieldset>
          ) : null}
          {scopeType === "skus" ? (
            <Field
              id="count-skus"
              label="SKUs"
              hint="Separated by spaces, commas or lines."
              error={scopeError}
            >
              <TextArea
                id="count-skus"
                rows={3}
                value={skus}
                onChange={(event) => setSkus(event.target.value)}
              />
            </Field>
          ) : null}
          {scopeType === "not_counted_since" ? (
            <TextField
              id="count-days"
              label="Not counted in (days)"
              inputMode="numeric"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              error={scopeError}
            />
          ) : null}
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={blind}
              onChange={(event) => setBlind(event.target.checked)}
              className="mt-0.5 size-4 accent-indigo-600"
            />
            <span>
              <span className="font-medium">Blind count</span>
              <span className="block text-slate-600">
                Counters do not see expected quantities until review.
              </span>
            </span>
          </label>
          <TextField
            id="count-name"
            label="Name (optional)"
            value={name}
            onChange={(event) => setName(event.target.value)}
            hint="Defaults to the scope and today's date."
          />
          {create.isError && !scopeError ? <FormError message={errorMessage(create.error)} /> : null}
          <Button type="submit" variant="primary" disabled={create.isPending || !location}>
            Create count
          </Button>
        </form>
      </Card>
    </>
  );
}
