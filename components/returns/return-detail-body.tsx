"use client";

import { useStoreTimeZone } from "@/components/app/staff-context";
import { type Crumb, PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { formatDateTime, formatPersonName, formatRelative, humanize } from "@/lib/client/format";
import type { ReturnDetail } from "@/lib/client/hooks/returns";
import { IdentifiersForm } from "./identifiers-form";
import { ReturnActions } from "./return-actions";
import { ReturnStatusBadge, ReturnTypeBadge } from "./return-badges";
import { CustomerPanel, OrderPanel } from "./return-order-panels";
import { ReturnPutaway } from "./return-putaway";
import {
  ExchangePanel,
  GiftCardsPanel,
  ReturnFactsPanel,
  ShipmentsPanel,
  TotalsPanel,
} from "./return-resolution-panels";
import { ReturnTimeline } from "./return-timeline";

/**
 * A loaded return (return-detail-page.tsx fetches it): its chunk, with the actions, panels, identifiers form,
 * timeline and the request schemas they validate with, loads beside the return's API request rather than in
 * the page's first load.
 */
export function ReturnDetailBody({
  storeId,
  detail,
  listHref,
  storeCrumb,
}: {
  storeId: string;
  detail: ReturnDetail;
  listHref: string;
  storeCrumb: Crumb;
}) {
  const timeZone = useStoreTimeZone();
  const { return: ret, order } = detail;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={`Return for order ${ret.order.name}`}
        breadcrumbs={[storeCrumb, { label: "Returns", href: listHref }, { label: ret.order.name }]}
        description={
          <>
            {formatPersonName(ret.source.name)} · Requested{" "}
            <time dateTime={ret.createdAt} title={formatDateTime(ret.createdAt, timeZone)}>
              {formatRelative(ret.createdAt)}
            </time>{" "}
            · Updated{" "}
            <time dateTime={ret.updatedAt} title={formatDateTime(ret.updatedAt, timeZone)}>
              {formatRelative(ret.updatedAt)}
            </time>
          </>
        }
        actions={<ReturnActions storeId={storeId} ret={ret} order={order} />}
        meta={
          <>
            {/* A live region: the status an action moves the return to is read out. */}
            <span role="status">
              <span className="sr-only">Status: </span>
              <ReturnStatusBadge status={ret.status} />
            </span>
            <ReturnTypeBadge type={ret.type} />
            {ret.compensationMethods.map((method) => (
              <Badge key={method}>{humanize(method)}</Badge>
            ))}
            {ret.tags.map((tag) => (
              <Badge key={`${tag.source}:${tag.name}`} tone="indigo">
                {tag.name}
              </Badge>
            ))}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <ReturnPutaway storeId={storeId} ret={ret} order={order} />
          <IdentifiersForm storeId={storeId} ret={ret} order={order} />
          <ReturnTimeline storeId={storeId} ret={ret} order={order} />
        </div>
        {/* Two balanced columns of panels between 768 and 1024 px, one beside the main column above. */}
        <div className="min-w-0 md:columns-2 md:gap-6 lg:columns-1 [&>*]:mb-6 [&>*]:break-inside-avoid">
          <OrderPanel storeId={storeId} ret={ret} order={order} />
          <CustomerPanel ret={ret} order={order} />
          <TotalsPanel ret={ret} />
          {ret.exchange ? <ExchangePanel exchange={ret.exchange} /> : null}
          <ShipmentsPanel ret={ret} order={order} />
          {ret.giftCards.length > 0 ? <GiftCardsPanel ret={ret} /> : null}
          <ReturnFactsPanel storeId={storeId} ret={ret} />
        </div>
      </div>
    </div>
  );
}
