"use client";

import { ArrowRight, Boxes } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useState } from "react";
import { useCan, useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { InventoryItemLabelsButton } from "@/components/labels/subject-label-buttons";
import { LoadingPageHeader, PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatNumber } from "@/lib/client/format";
import { useInventoryItem } from "@/lib/client/hooks/inventory-items";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { BinStockCard, type BinStockLocation } from "./bin-stock-card";
import { inventoryItemTitle } from "./inventory-columns";
import { InventoryKindBadge, KIND_DESCRIPTIONS } from "./inventory-kind-badge";
import { ItemCountsCard } from "./item-counts-card";
import { LocationQuantities } from "./location-quantities";
import { StockHistory } from "./stock-history";
import { type StockStateSource, StockStatesCard } from "./stock-states-card";

/** Fetched on first opening, with what it imports (docs/performance.md, first load). */
const StockChangeDialog = lazyDialog(
  () => import("./stock-change-dialog").then((module) => module.StockChangeDialog),
  (props) => props.open,
);

const StockStateDialog = lazyDialog(
  () => import("./stock-state-dialog").then((module) => module.StockStateDialog),
  (props) => props.source !== null,
);

const BinMoveDialog = lazyDialog(
  () => import("./bin-move-dialog").then((module) => module.BinMoveDialog),
  (props) => props.location !== null,
);

/** One inventory item: what it is, how many there are in each location, and where else to look. */
export function InventoryItemPage({ inventoryItemId }: { inventoryItemId: string }) {
  const store = useCurrentStore();
  const query = useInventoryItem(store.id, inventoryItemId);
  const canWrite = useCan("write");
  // The dialog mounts per opening, so it starts from the location it was opened for.
  const [changing, setChanging] = useState<{ locationId?: string; opened: number } | null>(null);
  const [moving, setMoving] = useState<BinStockLocation | null>(null);
  const [changingState, setChangingState] = useState<StockStateSource | null>(null);
  const listHref = `/stores/${store.id}/inventory`;
  const crumbs = (title: string) => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Inventory", href: listHref },
    { label: title },
  ];

  if (query.isPending) return <ItemSkeleton crumbs={crumbs("Inventory item")} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title={missing ? "Item not found" : "Inventory item"} breadcrumbs={crumbs("Item")} />
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          {missing ? (
            <EmptyState
              icon={<Boxes className="size-6" />}
              title="This inventory item does not exist in this store"
              action={
                <Link href={listHref} className={buttonClasses("secondary")}>
                  Back to inventory
                </Link>
              }
            >
              It may belong to another store, or the link is mistyped. Search the inventory instead.
            </EmptyState>
          ) : (
            <ErrorState
              title="This item could not be loaded"
              message={errorMessage(query.error)}
              onRetry={() => query.refetch()}
            />
          )}
        </div>
      </>
    );
  }

  const item = query.data;
  const title = inventoryItemTitle(item);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={crumbs(title)}
        actions={<InventoryItemLabelsButton storeId={store.id} inventoryItemId={item.id} />}
        meta={
          <>
            <InventoryKindBadge kind={item.kind} />
            {item.sku ? <span className="font-mono text-sm text-slate-600">{item.sku}</span> : null}
          </>
        }
      />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <LocationQuantities
            item={item}
            storeId={store.id}
            onChangeStock={
              canWrite ? (locationId) => setChanging({ locationId, opened: Date.now() }) : undefined
            }
          />
          <ItemDetails item={item} storeId={store.id} />
        </div>
        <BinStockCard
          storeId={store.id}
          inventoryItemId={item.id}
          onMove={canWrite ? setMoving : undefined}
        />
        <StockStatesCard
          storeId={store.id}
          inventoryItemId={item.id}
          onChange={canWrite ? setChangingState : undefined}
        />
        <ItemCountsCard storeId={store.id} inventoryItemId={item.id} />
        <StockHistory storeId={store.id} inventoryItemId={item.id} />
      </div>
      {changing ? (
        <StockChangeDialog
          key={changing.opened}
          open
          onClose={() => setChanging(null)}
          item={item}
          storeId={store.id}
          initialLocationId={changing.locationId}
        />
      ) : null}
      <BinMoveDialog
        key={moving?.location_id ?? "closed"}
        storeId={store.id}
        inventoryItemId={item.id}
        location={moving}
        onClose={() => setMoving(null)}
      />
      <StockStateDialog
        key={changingState ? `${changingState.location.location_id}-${changingState.state}` : "closed"}
        storeId={store.id}
        inventoryItemId={item.id}
        source={changingState}
        onClose={() => setChangingState(null)}
      />
    </>
  );
}

function ItemDetails({ item, storeId }: { item: InventoryItem; storeId: string }) {
  const timeZone = useStoreTimeZone();
  return (
    <Card title="Details" className="self-start">
      <dl className="space-y-3 text-sm">
        <DetailRow term="Total quantity">
          <span className="tabular-nums">{formatNumber(item.quantity)}</span>
        </DetailRow>
        <DetailRow term="Kind">{KIND_DESCRIPTIONS[item.kind]}</DetailRow>
        <DetailRow term="SKU">
          {item.sku ? <span className="font-mono text-xs">{item.sku}</span> : "None"}
        </DetailRow>
        <DetailRow term="Name">{item.name ?? "None"}</DetailRow>
        <DetailRow term="Created">{formatDateTime(item.created_at, timeZone)}</DetailRow>
        <DetailRow term="Updated">{formatDateTime(item.updated_at, timeZone)}</DetailRow>
        <DetailRow term="ID">
          <span className="break-all font-mono text-xs">{item.id}</span>
        </DetailRow>
      </dl>
      {item.sku ? (
        <Link
          href={`/stores/${storeId}/inventory?sku=${encodeURIComponent(item.sku)}`}
          className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline"
        >
          Every item with this SKU
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      ) : null}
    </Card>
  );
}

function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function ItemSkeleton({ crumbs }: { crumbs: { label: string; href?: string }[] }) {
  return (
    <div aria-busy="true">
      <LoadingPageHeader loading="Loading inventory item…" breadcrumbs={crumbs} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Skeleton className="h-64 w-full rounded-lg" />
        <Skeleton className="h-80 w-full rounded-lg" />
      </div>
    </div>
  );
}
