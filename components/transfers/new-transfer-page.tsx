"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { SkuLinesTable } from "@/components/shipments/sku-lines-table";
import { type PickedSku, SkuPicker } from "@/components/shipments/sku-picker";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, Select, TextInput } from "@/components/ui/field";
import { RoleRefusal } from "@/components/ui/role-refusal";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { useCreateTransfer } from "@/lib/client/hooks/transfers";
import { toast } from "@/lib/client/toast";

type Line = PickedSku & { quantity: string };

/** The server's messages by request path (`transfer.lines.2.sku` → under "lines.2.sku"). */
function serverErrors(error: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (error instanceof ApiError) {
    for (const issue of error.errors) map.set(issue.path.replace(/^transfer\.?/, ""), issue.message);
  }
  return map;
}

/**
 * New transfer: from where, to where, and the products with their units (the shipment form's product picker).
 * It is saved as a draft; the transfer's page ships it.
 */
export function NewTransferPage() {
  const store = useCurrentStore();
  const router = useRouter();
  const locations = useStoreLocations(store.id);
  const create = useCreateTransfer(store.id);
  const [lines, setLines] = useState<Line[]>([]);
  const [originId, setOriginId] = useState("");
  const [destinationId, setDestinationId] = useState("");
  const [note, setNote] = useState("");
  const [localErrors, setLocalErrors] = useState<Map<string, string>>(new Map());
  const errors = new Map([...serverErrors(create.error), ...localErrors]);
  const listHref = `/stores/${store.id}/transfers`;
  const canWrite = useCan("write");
  const all = locations.data ?? [];
  const origin = originId || all[0]?.id || "";
  const destination = destinationId || all.find((location) => location.id !== origin)?.id || "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = new Map<string, string>();
    if (lines.length === 0) found.set("lines", "Add at least one product to the transfer.");
    if (origin === destination)
      found.set("destination_location_id", "Pick another location than the origin.");
    lines.forEach((line, index) => {
      if (!/^\d+$/.test(line.quantity) || Number(line.quantity) < 1) {
        found.set(`lines.${index}.quantity`, "Enter the units to move, 1 or more.");
      }
    });
    setLocalErrors(found);
    if (found.size > 0) return;
    create.mutate(
      {
        origin_location_id: origin,
        destination_location_id: destination,
        note: note.trim() || undefined,
        lines: lines.map((line) => ({ sku: line.sku, quantity: Number(line.quantity) })),
      },
      {
        onSuccess: (transfer) => {
          toast.success("Transfer saved as a draft", {
            description: `${transfer.unit_count.toLocaleString("en-US")} units from ${transfer.origin.name} to ${transfer.destination.name}`,
          });
          router.push(`${listHref}/${transfer.id}`);
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || error.errors.length === 0) {
            toast.error("The transfer was not created", { description: errorMessage(error) });
          }
        },
      },
    );
  };

  const header = (
    <PageHeader
      title="New transfer"
      breadcrumbs={[
        { label: store.name, href: `/stores/${store.id}` },
        { label: "Transfers", href: listHref },
        { label: "New" },
      ]}
      description="Move units from one of your locations to another. It is saved as a draft; nothing moves until you ship it."
    />
  );
  if (!canWrite) {
    return (
      <>
        {header}
        <RoleRefusal
          title="Your role cannot create transfers"
          backHref={listHref}
          backLabel="Back to transfers"
        >
          Viewers can browse transfers; ask an admin of this store for the editor role to move stock.
        </RoleRefusal>
      </>
    );
  }

  const locationSelect = (
    key: "origin_location_id" | "destination_location_id",
    label: string,
    value: string,
    onChange: (value: string) => void,
  ) => (
    <Field id={`transfer-${key}`} label={label} error={errors.get(key)}>
      <Select
        {...describedBy(`transfer-${key}`, errors.get(key))}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setLocalErrors(new Map());
        }}
      >
        {all.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <>
      {header}
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card
          title="Products"
          description="One line per product, with the units to move."
          className="self-start"
        >
          <div className="space-y-4">
            <SkuPicker
              storeId={store.id}
              pickedLabel="On the transfer"
              picked={new Set(lines.map((line) => line.sku))}
              onPick={(item) => {
                setLines((current) => [...current, { ...item, quantity: "1" }]);
                setLocalErrors(new Map());
              }}
            />
            {errors.get("lines") ? <p className="text-sm text-red-700">{errors.get("lines")}</p> : null}
            {lines.length > 0 ? (
              <SkuLinesTable
                label="Transfer lines"
                unitsLabel="Units"
                idPrefix="transfer-line"
                lines={lines}
                errorOf={(index) => errors.get(`lines.${index}.quantity`) ?? errors.get(`lines.${index}.sku`)}
                onQuantity={(index, quantity) =>
                  setLines((current) => current.map((l, i) => (i === index ? { ...l, quantity } : l)))
                }
                onRemove={(index) => setLines((current) => current.filter((_, i) => i !== index))}
              />
            ) : null}
          </div>
        </Card>
        <div className="space-y-6">
          <Card title="Route">
            <div className="space-y-4">
              {locationSelect("origin_location_id", "From", origin, setOriginId)}
              {locationSelect("destination_location_id", "To", destination, setDestinationId)}
              <Field id="transfer-note" label="Note (optional)" error={errors.get("note")}>
                <TextInput
                  {...describedBy("transfer-note", errors.get("note"))}
                  value={note}
                  maxLength={500}
                  onChange={(event) => setNote(event.target.value)}
                />
              </Field>
            </div>
          </Card>
          <div className="flex justify-end gap-3">
            <Link href={listHref} className={buttonClasses("secondary")}>
              Cancel
            </Link>
            <Button type="submit" variant="primary" pending={create.isPending}>
              Save draft
            </Button>
          </div>
        </div>
      </form>
    </>
  );
}
