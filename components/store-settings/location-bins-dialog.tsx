"use client";

import { Archive, ArchiveRestore, Plus } from "lucide-react";
import Link from "next/link";
import { type FormEvent, useId } from "react";
import { BinLabelsButton } from "@/components/labels/subject-label-buttons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RecordTable } from "@/components/ui/card-table";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { isBinFormError, useArchiveBin, useCreateBin, useLocationBins } from "@/lib/client/hooks/bins";
import type { Location } from "@/lib/schemas/locations";
import { PutawayRulesEditor } from "./putaway-rules-editor";

/** The message for a field of the add form (`bin.code`, …), or the form's own (a 409). */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !isBinFormError(error)) return undefined;
  return error.errors.find((issue) => issue.path === `bin.${field}`)?.message;
}

/**
 * A location's bins (docs/bins.md): editors add them (code, optional zone and capacity), print their labels
 * and archive or restore them; viewers see the list. A code is unique in the location; the API says so.
 */
export function LocationBinsDialog({
  storeId,
  location,
  canEdit,
  onClose,
}: {
  storeId: string;
  location: Location | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const locationId = location?.id ?? null;
  const bins = useLocationBins(storeId, locationId);
  const create = useCreateBin(storeId, locationId ?? "");
  const archive = useArchiveBin(storeId);
  const formMessage =
    create.error instanceof ApiError && create.error.status === 409 ? create.error.message : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const capacity = String(data.get("capacity") ?? "").trim();
    create.mutate(
      {
        code: String(data.get("code") ?? ""),
        zone: String(data.get("zone") ?? "").trim() || null,
        capacity: capacity === "" ? null : Number(capacity),
      },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <Dialog
      open={location !== null}
      onClose={onClose}
      size="lg"
      title={location ? `Bins of ${location.name}` : "Bins"}
      description="Shelves, racks and totes inside the location. A receipt naming a bin puts its units there; otherwise Receive mode suggests where to put them away, and units can be moved from the item's page."
    >
      {canEdit && location && !location.archived ? (
        <p className="mb-3 text-sm">
          <Link
            href={`/stores/${storeId}/settings/store/import-bins?location=${encodeURIComponent(location.id)}`}
            className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
          >
            Import bins from CSV
          </Link>
        </p>
      ) : null}
      {canEdit && location && !location.archived ? (
        <form
          id={formId}
          onSubmit={submit}
          noValidate
          className="mb-4 grid gap-3 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
        >
          <TextField
            id="bin-code"
            name="code"
            label="Code"
            required
            maxLength={40}
            placeholder="e.g. A-01-03"
            error={fieldError(create.error, "code")}
          />
          <TextField
            id="bin-zone"
            name="zone"
            label="Zone (optional)"
            maxLength={60}
            error={fieldError(create.error, "zone")}
          />
          <TextField
            id="bin-capacity"
            name="capacity"
            label="Capacity (optional)"
            type="number"
            inputMode="numeric"
            min={1}
            error={fieldError(create.error, "capacity")}
          />
          <Button type="submit" variant="primary" pending={create.isPending} className="sm:mt-6">
            <Plus className="size-4" aria-hidden="true" />
            Add bin
          </Button>
          <FormError message={formMessage} className="sm:col-span-4" />
        </form>
      ) : null}
      {bins.isError ? (
        <ErrorState
          title="The bins could not be loaded"
          message={errorMessage(bins.error)}
          onRetry={() => void bins.refetch()}
        />
      ) : bins.data?.length === 0 ? (
        <p className="text-sm text-slate-600">No bins yet: all of this location's units are unbinned.</p>
      ) : (
        <RecordTable
          caption={location ? `Bins of ${location.name}` : "Bins"}
          rows={bins.data ?? null}
          rowKey={(bin) => bin.id}
          rowClassName={(bin) => (bin.archived ? "text-slate-500" : "text-slate-800")}
          columns={[
            { header: "Code", cell: (bin) => <span className="font-mono font-medium">{bin.code}</span> },
            { header: "Zone", cell: (bin) => bin.zone ?? "—" },
            {
              header: "Units",
              className: "tabular-nums",
              cell: (bin) => (bin.capacity ? `${bin.quantity} of ${bin.capacity}` : String(bin.quantity)),
            },
            {
              header: "Status",
              cell: (bin) =>
                bin.archived ? <Badge tone="gray">Archived</Badge> : <Badge tone="green">Active</Badge>,
            },
          ]}
          actions={
            canEdit
              ? (bin) => (
                  <div className="inline-flex flex-wrap justify-end gap-1">
                    <BinLabelsButton storeId={storeId} binId={bin.id} code={bin.code} />
                    <Button
                      size="sm"
                      variant="ghost"
                      pending={archive.isPending && archive.variables?.bin.id === bin.id}
                      onClick={() => archive.mutate({ bin, archived: !bin.archived })}
                    >
                      {bin.archived ? (
                        <ArchiveRestore className="size-4" aria-hidden="true" />
                      ) : (
                        <Archive className="size-4" aria-hidden="true" />
                      )}
                      {bin.archived ? "Restore" : "Archive"}
                      <span className="sr-only"> bin {bin.code}</span>
                    </Button>
                  </div>
                )
              : undefined
          }
        />
      )}
      {location ? <PutawayRulesEditor storeId={storeId} locationId={location.id} canEdit={canEdit} /> : null}
    </Dialog>
  );
}
