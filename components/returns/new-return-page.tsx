"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RoleRefusal } from "@/components/ui/role-refusal";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { useCreateReturn } from "@/lib/client/hooks/orders";
import { toast } from "@/lib/client/toast";
import { RETURN_REASONS, type ReturnType } from "@/lib/enums";
import type { ApiOrder } from "@/lib/schemas/order-api";
import type { CreateReturnRequest } from "@/lib/schemas/return-create";
import { CreditSummary } from "./credit-summary";
import { OrderPicker } from "./order-picker";
import { type AddressValues, ReturnDetailsCard } from "./return-details-card";
import { emptyChoice, type LineChoice, OTHER_REASON, ReturnLinesEditor } from "./return-lines-editor";

type Data = CreateReturnRequest["data"];

function addressOf(order: ApiOrder): AddressValues {
  const address = order.shipping.address;
  return {
    line1: address?.address1 ?? "",
    line2: address?.address2 ?? "",
    city: address?.city ?? "",
    state: address?.province ?? "",
    postalCode: address?.postalCode ?? "",
    country: address?.country ?? "",
  };
}

/**
 * Create a return for a customer who asked by phone, email or at the counter: find the order, choose the
 * units of each line with a reason and refund or store credit, check the customer's address (from the
 * order) and where the parcel goes, then create. The server checks units left and names any problem by
 * field; it is shown where it belongs and nothing typed is lost.
 */
export function NewReturnPage() {
  const store = useCurrentStore();
  const router = useRouter();
  const canWrite = useCan("write");
  const locations = useStoreLocations(store.id);
  const create = useCreateReturn(store.id);
  const [order, setOrder] = useState<ApiOrder | null>(null);
  const [type, setType] = useState<ReturnType>("return");
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [address, setAddress] = useState<AddressValues>(addressOf({ shipping: {} } as ApiOrder));
  const [localErrors, setLocalErrors] = useState<Map<string, string>>(new Map());
  const listHref = `/stores/${store.id}/returns`;

  // The request's item paths (`data.items.2.quantity`) point at the items sent, which are the chosen lines.
  const chosen = (order?.lineItems ?? []).filter(
    (line) => Number(choices[line.lineItemId]?.quantity ?? 0) > 0,
  );
  const errors = new Map(localErrors);
  if (create.error instanceof ApiError) {
    for (const issue of create.error.errors) {
      const path = issue.path.replace(/^data\./, "");
      const item = /^items\.(\d+)\./.exec(path);
      const line = item ? chosen[Number(item[1])] : undefined;
      errors.set(line ? line.lineItemId : path, issue.message);
    }
  }

  const pickOrder = (picked: ApiOrder) => {
    setOrder(picked);
    setChoices({});
    setAddress(addressOf(picked));
    setLocalErrors(new Map());
    create.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!order) return;
    const form = new FormData(event.currentTarget);
    const found = new Map<string, string>();
    if (chosen.length === 0) found.set("items", "Choose at least one unit to return.");
    for (const line of chosen) {
      const choice = choices[line.lineItemId] as LineChoice;
      if (choice.reasonCode === OTHER_REASON && choice.otherReason.trim() === "") {
        found.set(line.lineItemId, "Enter the customer's reason.");
      }
    }
    setLocalErrors(found);
    if (found.size > 0) return;
    const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    const trackingNumber = text("trackingNumber");
    const data: Data = {
      provider: "backroom",
      externalOrderId: order.id,
      type,
      status: form.get("review") ? "pre_shipment" : "open",
      locationId: text("locationId"),
      shippingAddress: { ...address, line2: address.line2.trim() || undefined },
      label: trackingNumber ? { trackingNumber, carrier: text("carrier") } : undefined,
      notes: text("notes"),
      items: chosen.map((line) => {
        const choice = choices[line.lineItemId] as LineChoice;
        const reason = RETURN_REASONS[type].find((r) => r.code === choice.reasonCode);
        return {
          lineItemId: line.lineItemId,
          quantity: Number(choice.quantity),
          reason: reason?.label ?? choice.otherReason.trim(),
          reasonCode: reason?.code,
          compensation: choice.compensation === "store_credit" ? "store_credit" : "refund",
          notes: choice.note.trim() || undefined,
        };
      }),
    };
    create.mutate(data, {
      onSuccess: (created) => {
        const units = created.items.reduce((sum, item) => sum + item.quantity, 0);
        toast.success(`Return created for ${order.name}`, {
          description: `${units} ${units === 1 ? "unit" : "units"}, ${created.status === "open" ? "open" : "awaiting authorization"}`,
        });
        router.push(`${listHref}/${created.id}`);
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.errors.length === 0) {
          toast.error("The return was not created", { description: errorMessage(error) });
        }
      },
    });
  };

  const header = (
    <PageHeader
      title="New return"
      breadcrumbs={[
        { label: store.name, href: `/stores/${store.id}` },
        { label: "Returns", href: listHref },
        { label: "New" },
      ]}
      description="Record a return a customer asked for by phone, email or at the counter."
    />
  );
  if (!canWrite) {
    return (
      <>
        {header}
        <RoleRefusal title="Your role cannot create returns" backHref={listHref} backLabel="Back to returns">
          Viewers can browse returns; ask an admin of this store for the editor role to record new ones.
        </RoleRefusal>
      </>
    );
  }

  return (
    <>
      {header}
      <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Card
            title="Order"
            description={order ? undefined : "The order the customer is returning from."}
            actions={
              order ? (
                <Button variant="secondary" onClick={() => setOrder(null)}>
                  Change order
                </Button>
              ) : null
            }
          >
            {order ? (
              <p className="text-sm text-slate-800">
                <span className="font-semibold text-slate-900">{order.name}</span> ·{" "}
                {order.customer.name ?? "No name"} · {order.customer.email ?? "no email"} · ordered{" "}
                {new Date(order.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })}
              </p>
            ) : (
              <OrderPicker storeId={store.id} onPick={pickOrder} />
            )}
          </Card>
          {order ? (
            <Card title="Items" description="Choose how many units of each line come back, and why.">
              {errors.get("items") ? (
                <p className="mb-2 text-sm text-red-700">{errors.get("items")}</p>
              ) : null}
              <ReturnLinesEditor
                order={order}
                type={type}
                choices={choices}
                errors={errors}
                onChange={(lineId, change) => {
                  setChoices((current) => ({
                    ...current,
                    [lineId]: { ...(current[lineId] ?? emptyChoice(type)), ...change },
                  }));
                  setLocalErrors(new Map());
                }}
              />
              <CreditSummary order={order} choices={choices} />
            </Card>
          ) : null}
        </div>
        {order ? (
          <div className="space-y-6">
            <ReturnDetailsCard
              storeId={store.id}
              type={type}
              onTypeChange={(next) => {
                setType(next);
                // Reasons differ by type: start the chosen lines again from the new type's first reason.
                setChoices((current) =>
                  Object.fromEntries(
                    Object.entries(current).map(([id, choice]) => [
                      id,
                      { ...choice, reasonCode: emptyChoice(next).reasonCode },
                    ]),
                  ),
                );
              }}
              locations={locations.data ?? []}
              address={address}
              onAddressChange={setAddress}
              errors={errors}
            />
            <div className="flex justify-end gap-3">
              <Link href={listHref} className={buttonClasses("secondary")}>
                Cancel
              </Link>
              <Button type="submit" variant="primary" pending={create.isPending}>
                Create return
              </Button>
            </div>
          </div>
        ) : null}
      </form>
    </>
  );
}
