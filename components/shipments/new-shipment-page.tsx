"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { SkuLinesTable } from "@/components/shipments/sku-lines-table";
import { SupplierPicker } from "@/components/suppliers/supplier-picker";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, Select, TextInput } from "@/components/ui/field";
import { RoleRefusal } from "@/components/ui/role-refusal";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useCreateInboundShipment } from "@/lib/client/hooks/inbound-shipments";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { toast } from "@/lib/client/toast";
import type { CreateInboundShipmentRequest } from "@/lib/schemas/inbound-shipment-writes";
import { type PickedSku, SkuPicker } from "./sku-picker";

/** `unit_cost` as typed: empty when not given (the claim lines then cost 0, docs/suppliers.md). */
type Line = PickedSku & { quantity: string; unit_cost: string };

const TEXT_FIELDS = [
  ["shipment_id", "Your reference", "ASN, PO or supplier shipment number"],
  ["purchase_order", "Purchase order", "e.g. PO-2026-0018"],
  ["carrier", "Carrier", "e.g. UPS, Maersk"],
  ["tracking_number", "Tracking number", ""],
  ["tracking_url", "Tracking link", "https://…"],
  ["freight_type", "Freight type", "e.g. Parcel, LTL, FTL"],
  ["payment_terms", "Payment terms", "e.g. NET30"],
] as const;

/** The picked supplier (docs/suppliers.md), if one of the store's is chosen. */
function supplierOf(form: FormData): string | undefined {
  const value = String(form.get("supplier_id") ?? "");
  return value.startsWith("sup_") ? value : undefined;
}

/** The server's messages by request path (`inbound_shipment.items.2.sku` → under "items.2.sku"). */
function serverErrors(error: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (error instanceof ApiError) {
    for (const issue of error.errors) map.set(issue.path.replace(/^inbound_shipment\.?/, ""), issue.message);
  }
  return map;
}

/**
 * Create inbound shipment: where it goes, the supplier's reference and tracking, costs, and the lines picked
 * by product search with their expected quantities. Errors the server finds are shown beside their field or
 * line; nothing typed is lost.
 */
export function NewShipmentPage() {
  const store = useCurrentStore();
  const router = useRouter();
  const locations = useStoreLocations(store.id);
  const create = useCreateInboundShipment(store.id);
  const [lines, setLines] = useState<Line[]>([]);
  const [locationId, setLocationId] = useState("");
  const [localErrors, setLocalErrors] = useState<Map<string, string>>(new Map());
  const errors = new Map([...serverErrors(create.error), ...localErrors]);
  const listHref = `/stores/${store.id}/shipments`;
  const canWrite = useCan("write");
  const destination = locationId || locations.data?.[0]?.id || "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found = new Map<string, string>();
    if (lines.length === 0) found.set("items", "Add at least one product to the shipment.");
    lines.forEach((line, index) => {
      if (!/^\d+$/.test(line.quantity) || Number(line.quantity) < 1) {
        found.set(`items.${index}.quantity`, "Enter the expected units, 1 or more.");
      }
      if (line.unit_cost.trim() !== "" && !/^\d{1,12}(\.\d{1,2})?$/.test(line.unit_cost.trim())) {
        found.set(
          `items.${index}.unit_cost`,
          "A unit cost such as 4.25: not negative, at most two decimals.",
        );
      }
    });
    setLocalErrors(found);
    if (found.size > 0) return;
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const money = (name: string) => {
      const amount = text(name);
      return amount ? { amount: Number(amount).toFixed(2), currency: store.currency } : undefined;
    };
    const body: CreateInboundShipmentRequest = {
      location_id: destination,
      shipment_id: text("shipment_id"),
      purchase_order: text("purchase_order"),
      supplier_id: supplierOf(form),
      carrier: text("carrier"),
      tracking_number: text("tracking_number"),
      tracking_url: text("tracking_url"),
      freight_type: text("freight_type"),
      payment_terms: text("payment_terms"),
      estimated_arrival_date: text("estimated_arrival_date"),
      freight_cost: money("freight_cost"),
      duty_cost: money("duty_cost"),
      status: form.get("in_transit") ? "IN_TRANSIT" : undefined,
      items: lines.map((line) => ({
        sku: line.sku,
        quantity: Number(line.quantity),
        ...(line.unit_cost.trim() ? { unit_cost: line.unit_cost.trim() } : {}),
      })),
    };
    create.mutate(body, {
      onSuccess: (shipment) => {
        toast.success(`Shipment ${shipment.shipment_id ?? ""} created`.replace("  ", " "), {
          description: `${shipment.item_count.toLocaleString("en-US")} units to ${shipment.location.name}`,
        });
        router.push(listHref);
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.errors.length === 0) {
          toast.error("The shipment was not created", { description: errorMessage(error) });
        }
      },
    });
  };

  const header = (
    <PageHeader
      title="New inbound shipment"
      breadcrumbs={[
        { label: store.name, href: `/stores/${store.id}` },
        { label: "Inbound shipments", href: listHref },
        { label: "New" },
      ]}
      description="Tell the dock what is coming: the destination, the supplier's reference and the expected units."
    />
  );
  if (!canWrite) {
    return (
      <>
        {header}
        <RoleRefusal
          title="Your role cannot create shipments"
          backHref={listHref}
          backLabel="Back to inbound shipments"
        >
          Viewers can browse shipments; ask an admin of this store for the editor role to record new ones.
        </RoleRefusal>
      </>
    );
  }

  return (
    <>
      {header}
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card
          title="Lines"
          description="One line per product, with the units the supplier says are coming and, optionally, what one costs (claims for damaged or missing units use it)."
          className="self-start"
        >
          <div className="space-y-4">
            <SkuPicker
              storeId={store.id}
              picked={new Set(lines.map((line) => line.sku))}
              onPick={(item) => {
                setLines((current) => [...current, { ...item, quantity: "1", unit_cost: "" }]);
                setLocalErrors(new Map());
              }}
            />
            {errors.get("items") ? <p className="text-sm text-red-700">{errors.get("items")}</p> : null}
            {lines.length > 0 ? (
              <SkuLinesTable
                label="Shipment lines"
                unitsLabel="Expected units"
                idPrefix="line"
                lines={lines}
                errorOf={(index) => errors.get(`items.${index}.quantity`) ?? errors.get(`items.${index}.sku`)}
                onQuantity={(index, quantity) => {
                  setLines((current) => current.map((l, i) => (i === index ? { ...l, quantity } : l)));
                  // The message was about the old value; the new one is checked on submit.
                  setLocalErrors((current) => {
                    const next = new Map(current);
                    next.delete(`items.${index}.quantity`);
                    return next;
                  });
                }}
                onRemove={(index) => setLines((current) => current.filter((_, i) => i !== index))}
                cost={{
                  label: `Unit cost (${store.currency})`,
                  valueOf: (index) => lines[index]?.unit_cost ?? "",
                  errorOf: (index) => errors.get(`items.${index}.unit_cost`),
                  onChange: (index, unitCost) => {
                    setLines((current) =>
                      current.map((l, i) => (i === index ? { ...l, unit_cost: unitCost } : l)),
                    );
                    setLocalErrors((current) => {
                      const next = new Map(current);
                      next.delete(`items.${index}.unit_cost`);
                      return next;
                    });
                  },
                }}
              />
            ) : null}
          </div>
        </Card>
        <div className="space-y-6">
          <Card title="Shipment">
            <div className="space-y-4">
              <Field id="shipment-location" label="Destination" error={errors.get("location_id")}>
                <Select
                  {...describedBy("shipment-location", errors.get("location_id"))}
                  value={destination}
                  onChange={(event) => setLocationId(event.target.value)}
                >
                  {(locations.data ?? []).map((location) => (
                    <option key={location.id} value={location.id}>
                      {location.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <SupplierPicker error={errors.get("supplier_id")} />
              {TEXT_FIELDS.map(([name, label, placeholder]) => (
                <Field key={name} id={`shipment-${name}`} label={label} error={errors.get(name)}>
                  <TextInput
                    {...describedBy(`shipment-${name}`, errors.get(name))}
                    name={name}
                    placeholder={placeholder || undefined}
                    maxLength={name === "tracking_url" ? 2000 : 100}
                  />
                </Field>
              ))}
              <Field id="shipment-eta" label="Expected arrival" error={errors.get("estimated_arrival_date")}>
                <TextInput
                  {...describedBy("shipment-eta", errors.get("estimated_arrival_date"))}
                  type="date"
                  name="estimated_arrival_date"
                />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                {(
                  [
                    ["freight_cost", "Freight cost"],
                    ["duty_cost", "Duty cost"],
                  ] as const
                ).map(([name, label]) => (
                  <Field
                    key={name}
                    id={`shipment-${name}`}
                    label={`${label} (${store.currency})`}
                    error={errors.get(`${name}.amount`)}
                  >
                    <TextInput
                      {...describedBy(`shipment-${name}`, errors.get(`${name}.amount`))}
                      name={name}
                      inputMode="decimal"
                      placeholder="0.00"
                    />
                  </Field>
                ))}
              </div>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="in_transit" className="size-4 accent-indigo-600" />
                Already handed to the carrier (in transit)
              </label>
            </div>
          </Card>
          <div className="flex justify-end gap-3">
            <Link href={listHref} className={buttonClasses("secondary")}>
              Cancel
            </Link>
            <Button type="submit" variant="primary" pending={create.isPending}>
              Create shipment
            </Button>
          </div>
        </div>
      </form>
    </>
  );
}
