"use client";

import { FileWarning } from "lucide-react";
import { useId, useMemo } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { ExportCsvLink } from "@/components/data-table/export-csv-link";
import { FilterSelect } from "@/components/data-table/filter-select";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { operationUrl } from "@/lib/client/call-api";
import { humanize } from "@/lib/client/format";
import { supplierClaimListQuery, useSupplierClaims, useSuppliers } from "@/lib/client/hooks/suppliers";
import { flattenPages } from "@/lib/client/paged-list";
import type { SupplierClaimListFilters } from "@/lib/client/query-keys";
import { SUPPLIER_CLAIM_STATUSES } from "@/lib/enums";
import type { SupplierClaimSummary } from "@/lib/schemas/suppliers";
import { CLAIM_ROW_HEIGHT, claimColumns } from "./claim-columns";

const STATUS_OPTIONS = SUPPLIER_CLAIM_STATUSES.map((status) => ({ value: status, label: humanize(status) }));
const SUPPLIER_ID = /^sup_[0-9A-Za-z]{1,64}$/;
const claimRowId = (claim: SupplierClaimSummary) => claim.id;

/** The list's filters from the URL (`?status=DRAFT&supplier=sup_…`); values the API would refuse are dropped. */
export function readClaimUrlFilters(params: Pick<URLSearchParams, "get">): SupplierClaimListFilters {
  const filters: SupplierClaimListFilters = {};
  const status = params.get("status");
  if (status && (SUPPLIER_CLAIM_STATUSES as readonly string[]).includes(status)) filters.status = status;
  const supplier = params.get("supplier");
  if (supplier && SUPPLIER_ID.test(supplier)) filters.supplierId = supplier;
  return filters;
}

/** Claims to suppliers, drafted by receipts: filters in the URL, the shared infinite table, CSV export. */
export function SupplierClaimsPage() {
  const store = useCurrentStore();
  const id = useId();
  const { params, push } = useUrlParams();
  const filters = useMemo(() => readClaimUrlFilters(params), [params]);
  const query = useSupplierClaims(store.id, filters);
  const suppliers = useSuppliers(store.id);
  const claims = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const filtered = Object.keys(filters).length > 0;
  const clear = () => push({ status: null, supplier: null });

  return (
    <>
      <PageHeader
        title="Supplier claims"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Supplier claims" }]}
        description="Damaged, missing, wrong and extra units claimed from suppliers, most recently updated first."
        actions={
          <ExportCsvLink
            href={operationUrl("exportSupplierClaims", {
              params: { storeId: store.id },
              query: supplierClaimListQuery(filters),
            })}
            filtered={filtered}
            noun="claims"
          />
        }
      />
      <div className="space-y-4">
        <search
          aria-label="Filter claims"
          className="grid grid-cols-2 items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-4"
        >
          <FilterSelect
            id={`${id}-status`}
            label="Status"
            allLabel="All statuses"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => push({ status })}
          />
          <FilterSelect
            id={`${id}-supplier`}
            label="Supplier"
            allLabel="All suppliers"
            value={filters.supplierId}
            options={(suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }))}
            onChange={(supplier) => push({ supplier })}
          />
        </search>
        <InfiniteListView
          query={query}
          rows={claims}
          noun="claims"
          filtered={filtered}
          onClearFilters={clear}
          errorTitle="Claims could not be loaded"
          empty={
            filtered ? (
              <EmptyState
                icon={<FileWarning className="size-6" />}
                title="No claims match these filters"
                action={<Button onClick={clear}>Clear filters</Button>}
              >
                Try another status or supplier.
              </EmptyState>
            ) : (
              <EmptyState icon={<FileWarning className="size-6" />} title="No claims yet">
                When a receipt records damaged, missing, wrong or extra units of a shipment with a supplier, a
                draft claim to that supplier appears here.
              </EmptyState>
            )
          }
          table={{
            label: "Supplier claims",
            columns: claimColumns,
            getRowId: claimRowId,
            estimateRowHeight: CLAIM_ROW_HEIGHT,
            pinnedColumns: ["claim"],
            resetKey: JSON.stringify(filters),
          }}
        />
      </div>
    </>
  );
}
