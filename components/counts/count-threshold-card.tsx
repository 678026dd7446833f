"use client";

import { type FormEvent, useState } from "react";
import { useCan } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { useCycleCountSettings, useUpdateCycleCountSettings } from "@/lib/client/hooks/cycle-counts";
import type { CycleCountSettings } from "@/lib/schemas/cycle-counts";

/** The store's auto-accept threshold: everyone reads it, admins change it. */
export function CountThresholdCard({ storeId }: { storeId: string }) {
  const settings = useCycleCountSettings(storeId);
  const isAdmin = useCan("admin");
  const words = (value: CycleCountSettings) =>
    `Variances of at most ${value.auto_accept_units ?? 0} units${
      value.auto_accept_value ? ` and worth at most ${value.auto_accept_value}` : ""
    } are accepted on submit; the rest wait for an admin.`;
  return (
    <Card title="Auto-accept threshold" description={settings.data ? words(settings.data) : "Loading…"}>
      {isAdmin && settings.data ? <ThresholdForm storeId={storeId} settings={settings.data} /> : null}
      {!isAdmin ? <p className="text-sm text-slate-600">Admins set the threshold.</p> : null}
    </Card>
  );
}

function ThresholdForm({ storeId, settings }: { storeId: string; settings: CycleCountSettings }) {
  const update = useUpdateCycleCountSettings(storeId);
  const [units, setUnits] = useState(String(settings.auto_accept_units ?? ""));
  const [value, setValue] = useState(settings.auto_accept_value ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      auto_accept_units: units.trim() === "" ? null : Number(units),
      auto_accept_value: value.trim() === "" ? null : value.trim(),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <TextField
        id="threshold-units"
        label="Units (either way)"
        inputMode="numeric"
        value={units}
        onChange={(event) => setUnits(event.target.value)}
        className="w-40"
      />
      <TextField
        id="threshold-value"
        label="Value (empty: no limit)"
        inputMode="decimal"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="w-48"
      />
      <Button type="submit" disabled={update.isPending}>
        Save threshold
      </Button>
    </form>
  );
}
