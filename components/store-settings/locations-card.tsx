"use client";

import { Archive, ArchiveRestore, Boxes, MapPin, MapPinPlus, Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { roleAllows, useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { PrintedLabelsDisclosure } from "@/components/labels/label-print-list";
import { LocationLabelsButton } from "@/components/labels/subject-label-buttons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RecordTable } from "@/components/ui/card-table";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatDateTime } from "@/lib/client/format";
import { useAllStoreLocations, useCreateLocation, useUpdateLocation } from "@/lib/client/hooks/locations";
import type { Location } from "@/lib/schemas/locations";
import { formatReturnAddress } from "./format-return-address";
import { LocationNameDialog } from "./location-name-dialog";

/** Fetched on first opening, with what it imports (docs/performance.md, first load). */
const ReturnAddressDialog = lazyDialog(
  () => import("./return-address-dialog").then((module) => module.ReturnAddressDialog),
  (props) => props.location !== null,
);

/** Fetched on first opening too. */
const LocationBinsDialog = lazyDialog(
  () => import("./location-bins-dialog").then((module) => module.LocationBinsDialog),
  (props) => props.location !== null,
);

/** A location's return address and phone on one line, or that it has none (returns cannot go there). */
function returnAddressLine(location: Location): string {
  if (!location.return_address) return "No return address";
  const address = formatReturnAddress(location.return_address);
  return location.phone ? `${address} · ${location.phone}` : address;
}

/**
 * The store's locations, active first: add, rename, set the return address, archive (kept with its stock
 * and history, left out of pickers) and restore. The API refuses to archive the last active one; the
 * button says so beforehand. `readOnly` (editors and viewers, whom the API lets read locations but not
 * change them): the list alone, without the controls. A location has no timeline, so its label prints open
 * under its name ("Printed labels", for everyone who reads the card).
 */
export function LocationsCard({ storeId, readOnly = false }: { storeId: string; readOnly?: boolean }) {
  const locations = useAllStoreLocations(storeId);
  const canPrint = roleAllows(useCurrentStore().role, "write");
  const create = useCreateLocation(storeId);
  const update = useUpdateLocation(storeId);
  const timeZone = useStoreTimeZone();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Location | null>(null);
  const [addressing, setAddressing] = useState<Location | null>(null);
  const [binsOf, setBinsOf] = useState<Location | null>(null);
  const binsButton = (location: Location) => (
    <Button size="sm" variant="ghost" onClick={() => setBinsOf(location)}>
      <Boxes className="size-4" aria-hidden="true" />
      Bins<span className="sr-only"> of {location.name}</span>
    </Button>
  );
  const addressPending =
    update.isPending && update.variables?.return_address !== undefined
      ? update.variables.return_address === null
        ? "remove"
        : "save"
      : null;

  const addButton = (
    <Button
      size="sm"
      variant="primary"
      onClick={() => {
        create.reset();
        setAdding(true);
      }}
    >
      <MapPinPlus className="size-4" aria-hidden="true" />
      Add location
    </Button>
  );

  let body: ReactNode;
  if (locations.isError) {
    body = (
      <ErrorState
        title="The locations could not be loaded"
        message={errorMessage(locations.error)}
        onRetry={() => void locations.refetch()}
      />
    );
  } else {
    const activeCount = locations.data?.filter((l) => !l.archived).length ?? 0;
    body = (
      <RecordTable
        caption="Locations of this store"
        rows={locations.data ?? null}
        rowKey={(location) => location.id}
        rowClassName={(location) => (location.archived ? "text-slate-500" : "text-slate-800")}
        columns={[
          {
            header: "Name",
            skeleton: (
              <>
                <Skeleton className="h-5 w-32" />
                <Skeleton className="mt-1 h-4 w-56" />
              </>
            ),
            cell: (location) => (
              <>
                <span className={`font-medium ${location.archived ? "" : "text-slate-900"}`}>
                  {location.name}
                </span>
                <span
                  className={`block max-w-xs truncate text-xs ${location.return_address ? "text-slate-600" : "text-slate-500 italic"}`}
                >
                  {returnAddressLine(location)}
                </span>
                <PrintedLabelsDisclosure
                  storeId={storeId}
                  subject={{ type: "location", id: location.id }}
                  name={location.name}
                />
              </>
            ),
          },
          {
            header: "Status",
            cell: (location) =>
              location.archived ? (
                <span title={`Archived ${formatDateTime(location.archived_at, timeZone)}`}>
                  <Badge tone="gray">Archived</Badge>
                </span>
              ) : (
                <Badge tone="green">Active</Badge>
              ),
          },
          {
            header: "Added",
            wideOnly: true,
            className: "whitespace-nowrap",
            cell: (location) => formatDateTime(location.created_at, timeZone),
          },
        ]}
        actions={
          readOnly
            ? // Editors print location labels and manage bins too; viewers see the bins.
              (location) => (
                <div className="inline-flex flex-wrap justify-end gap-1">
                  {binsButton(location)}
                  {canPrint ? (
                    <LocationLabelsButton storeId={storeId} locationId={location.id} name={location.name} />
                  ) : null}
                </div>
              )
            : (location) => {
                const lastActive = !location.archived && activeCount === 1;
                const busy =
                  update.isPending &&
                  update.variables?.location.id === location.id &&
                  update.variables.archived !== undefined;
                return (
                  <div className="inline-flex flex-wrap justify-end gap-1">
                    {binsButton(location)}
                    <LocationLabelsButton storeId={storeId} locationId={location.id} name={location.name} />
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        update.reset();
                        setRenaming(location);
                      }}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                      Rename<span className="sr-only"> {location.name}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        update.reset();
                        setAddressing(location);
                      }}
                    >
                      <MapPin className="size-4" aria-hidden="true" />
                      {location.return_address ? "Edit return address" : "Set return address"}
                      <span className="sr-only"> for {location.name}</span>
                    </Button>
                    {location.archived ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        pending={busy}
                        onClick={() => update.mutate({ location, archived: false })}
                      >
                        <ArchiveRestore className="size-4" aria-hidden="true" />
                        Restore<span className="sr-only"> {location.name}</span>
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="ghost"
                        pending={busy}
                        disabled={lastActive}
                        title={
                          lastActive ? "The store needs one active location: add another first." : undefined
                        }
                        onClick={() => update.mutate({ location, archived: true })}
                      >
                        <Archive className="size-4" aria-hidden="true" />
                        Archive<span className="sr-only"> {location.name}</span>
                      </Button>
                    )}
                  </div>
                );
              }
        }
      />
    );
  }

  return (
    <Card
      title="Locations"
      description="Warehouses, shops and return hubs. New returns go to a location's return address; an archived location keeps its stock and history but leaves every picker."
      actions={readOnly ? null : addButton}
      bodyClassName="relative overflow-x-auto"
    >
      {body}
      <LocationNameDialog
        open={adding}
        title="Add a location"
        submitLabel="Add location"
        pending={create.isPending}
        error={create.error}
        onSubmit={(name) => create.mutate(name, { onSuccess: () => setAdding(false) })}
        onClose={() => setAdding(false)}
      />
      <LocationNameDialog
        open={renaming !== null}
        title={renaming ? `Rename ${renaming.name}` : "Rename"}
        submitLabel="Rename"
        initialName={renaming?.name}
        pending={update.isPending}
        error={update.error}
        onSubmit={(name) => {
          if (!renaming) return;
          update.mutate({ location: renaming, name }, { onSuccess: () => setRenaming(null) });
        }}
        onClose={() => setRenaming(null)}
      />
      <ReturnAddressDialog
        location={addressing}
        pending={addressPending}
        error={update.error}
        onSave={(change) => {
          if (!addressing) return;
          update.mutate({ location: addressing, ...change }, { onSuccess: () => setAddressing(null) });
        }}
        onRemove={() => {
          if (!addressing) return;
          // The phone only travels with the address (the return's destination), so it goes too.
          update.mutate(
            { location: addressing, return_address: null, phone: null },
            { onSuccess: () => setAddressing(null) },
          );
        }}
        onClose={() => setAddressing(null)}
      />
      <LocationBinsDialog
        storeId={storeId}
        location={binsOf}
        canEdit={canPrint}
        onClose={() => setBinsOf(null)}
      />
    </Card>
  );
}
