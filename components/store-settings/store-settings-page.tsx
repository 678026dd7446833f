"use client";

import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { useStore } from "@/lib/client/hooks/store";
import { DispositionRulesCard } from "./disposition-rules-card";
import { InspectionChecklistsCard } from "./inspection-checklists-card";
import { LocationsCard } from "./locations-card";
import { StoreDetailsCard } from "./store-details-card";

/** The store, and the currencies and time zones its details may take. */
type StoreSettingsProps = { storeId: string; currencies: string[]; timeZones: string[] };

/**
 * Settings -> Store: the store's details and its locations. Admins change them (as in the API); other
 * roles see the locations, which the API lets every role read, without the controls.
 */
export function StoreSettingsPage({ storeId, currencies, timeZones }: StoreSettingsProps) {
  const isAdmin = useCan("admin");
  const current = useCurrentStore();
  return (
    <>
      <PageHeader
        title="Store"
        breadcrumbs={[
          { label: current.name, href: `/stores/${current.id}` },
          { label: "Settings" },
          { label: "Store" },
        ]}
        description={
          isAdmin
            ? "The store's name, currency and time zone, the locations stock lives in, and the inspection checklists of returns."
            : `The locations stock lives in. Only admins change them or the store's details: ask an admin of ${current.name}.`
        }
      />
      {isAdmin ? (
        <div className="space-y-6">
          <StoreDetails storeId={storeId} currencies={currencies} timeZones={timeZones} />
          {/* The overview's setup checklist links here for locations and return addresses. */}
          <div id="locations" className="scroll-mt-6">
            <LocationsCard storeId={storeId} />
          </div>
          <DispositionRulesCard storeId={storeId} canEdit />
          <div id="inspection-checklists" className="scroll-mt-6">
            <InspectionChecklistsCard storeId={storeId} />
          </div>
        </div>
      ) : (
        <div className="space-y-6">
          <LocationsCard storeId={storeId} readOnly />
          <DispositionRulesCard storeId={storeId} canEdit={false} />
        </div>
      )}
    </>
  );
}

function StoreDetails({ storeId, currencies, timeZones }: StoreSettingsProps) {
  const store = useStore(storeId);
  if (store.isPending) {
    return (
      <Card bodyClassName="space-y-3 p-5">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </Card>
    );
  }
  if (store.isError) {
    return (
      <Card>
        <ErrorState
          title="The store's settings could not be loaded"
          message={errorMessage(store.error)}
          onRetry={() => void store.refetch()}
        />
      </Card>
    );
  }
  return <StoreDetailsCard store={store.data} currencies={currencies} timeZones={timeZones} />;
}
