import { Leaf } from "lucide-react";
import type { ReactNode } from "react";
import { formatMoney, humanize } from "@/lib/client/format";
import type { OrderItem } from "@/lib/schemas/orders";
import type { ReturnItem } from "@/lib/schemas/returns";
import { Detail, DetailList, IdDetails, Mono } from "./detail-list";
import { ItemStatusBadge } from "./return-badges";

/** The product a return item is for: the order line's product, else what the item itself says. */
export function itemTitle(item: ReturnItem, line: OrderItem | undefined): string {
  return line?.product.name ?? item.sku ?? `Item ${item.id}`;
}

/** Everything a return item carries; `children` (the identifier) goes right under its title. */
export function ReturnItemDetails({
  item,
  line,
  children,
}: {
  item: ReturnItem;
  line: OrderItem | undefined;
  children?: ReactNode;
}) {
  const reasons = item.reasons.length > 0 ? item.reasons : [item.reason];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-900">{itemTitle(item, line)}</h3>
          <p className="mt-0.5 text-sm text-slate-600">
            {[line?.variant.name, item.sku ? `SKU ${item.sku}` : null, `Qty ${item.quantity}`]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {item.licensePlate ? (
            <p className="mt-0.5 text-sm text-slate-600">
              License plate <span className="font-mono font-medium text-slate-900">{item.licensePlate}</span>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {item.greenReturn ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
              <Leaf className="size-3.5" aria-hidden="true" />
              Green return: customer keeps it
            </span>
          ) : null}
          {item.status ? <ItemStatusBadge status={item.status} /> : null}
        </div>
      </div>

      {children}

      <DetailList className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 xl:grid-cols-3">
        <Detail label={reasons.length > 1 ? "Reasons" : "Reason"}>
          {reasons.join("; ")}
          {item.reasonCodes.length > 0 || item.reasonCode ? (
            <span className="block text-xs text-slate-500">
              {(item.reasonCodes.length > 0 ? item.reasonCodes : [item.reasonCode]).join(", ")}
            </span>
          ) : null}
        </Detail>
        <Detail label="Grade">{item.grade}</Detail>
        <Detail label="Outcome">{item.outcome ? humanize(item.outcome) : undefined}</Detail>
        <Detail label="Refund">
          {item.refund ? (
            <>
              {formatMoney(item.refund.amount)}
              {item.refund.type ? (
                <span className="text-slate-500"> · {humanize(item.refund.type)}</span>
              ) : null}
            </>
          ) : undefined}
        </Detail>
        <Detail label="Product value (no tax, no adjustment)">
          {item.productValueNoTaxNoAdjustment
            ? formatMoney(item.productValueNoTaxNoAdjustment.amount)
            : undefined}
        </Detail>
        <Detail label="Sold at">{line ? `${formatMoney(line.price)} × ${line.quantity}` : undefined}</Detail>
        <Detail label="Product adjustment">{item.productAdjustment}</Detail>
        <Detail label="Exchange for">
          {item.exchangeItem
            ? `${item.exchangeItem.product.name} · ${item.exchangeItem.variant.name} × ${item.exchangeItem.quantity}`
            : undefined}
        </Detail>
        <Detail label="UPC">{item.upc ? <Mono>{item.upc}</Mono> : undefined}</Detail>
      </DetailList>

      {item.customerComment ? (
        <figure className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-2">
          <blockquote className="text-sm text-slate-800">{item.customerComment}</blockquote>
          <figcaption className="mt-1 text-xs text-slate-500">Customer&apos;s comment</figcaption>
        </figure>
      ) : null}

      {item.multipleChoiceQuestions.length > 0 ? (
        <div>
          <h4 className="text-xs font-medium text-slate-500">Answers in the returns form</h4>
          <dl className="mt-1 space-y-1 text-sm">
            {item.multipleChoiceQuestions.map((answer) => (
              <div key={answer.question} className="flex flex-wrap gap-x-2">
                <dt className="text-slate-600">{answer.question}</dt>
                <dd className="font-medium text-slate-900">{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}

      {item.assessments.map((assessment, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: assessments have no id; their order is stable.
          key={index}
          className="rounded-md border border-slate-200 px-3 py-2"
        >
          <h4 className="text-xs font-medium text-slate-500">
            {assessment.checklist ? `${assessment.checklist.name}: inspected` : "Assessment"} by{" "}
            {assessment.assignedUser.name}{" "}
            {assessment.assignedUser.email ? (
              <span className="font-normal">({assessment.assignedUser.email})</span>
            ) : null}
            {assessment.durationSeconds !== undefined ? (
              <span className="font-normal"> · took {formatDuration(assessment.durationSeconds)}</span>
            ) : null}
          </h4>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
            {assessment.responses.map((response, responseIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: responses have no id; their order is stable.
              <li key={responseIndex}>
                <span className="text-slate-500">{response.label ?? humanize(response.type)}:</span>{" "}
                {response.type === "file_upload"
                  ? response.value.map((url, n) => (
                      <a
                        key={url}
                        href={url}
                        target="_blank"
                        rel="noreferrer"
                        className="mr-2 text-indigo-700 underline"
                      >
                        Photo {n + 1}
                      </a>
                    ))
                  : formatResponse(response)}
              </li>
            ))}
          </ul>
        </div>
      ))}

      {item.custody ? (
        <p
          className={`rounded-md border px-3 py-2 text-sm ${item.custody.verdict === "received" ? "border-slate-200 text-slate-700" : "border-red-200 bg-red-50 text-red-900"}`}
        >
          <span className="text-slate-500">Chain of custody:</span>{" "}
          <span className="font-mono">{item.custody.identifier}</span> {item.custody.summary}
        </p>
      ) : null}

      <IdDetails wide>
        <Detail label="Return item">{<Mono key="id">{item.id}</Mono>}</Detail>
        <Detail label="Order line">{<Mono key="oli">{item.orderItem.id}</Mono>}</Detail>
        <Detail label="Platform line item">
          {item.orderItem.line_item_id ? <Mono>{item.orderItem.line_item_id}</Mono> : undefined}
        </Detail>
        <Detail label="Return line (platform)">
          {item.externalReturnLineItemId ? <Mono>{item.externalReturnLineItemId}</Mono> : undefined}
        </Detail>
        <Detail label="Product">{item.productId ? <Mono>{item.productId}</Mono> : undefined}</Detail>
        <Detail label="Variant">{item.variantId ? <Mono>{item.variantId}</Mono> : undefined}</Detail>
        <Detail label={item.shipmentGroupIds.length > 1 ? "Shipment groups" : "Shipment group"}>
          {item.shipmentGroupIds.length > 0 ? <Mono>{item.shipmentGroupIds.join(", ")}</Mono> : undefined}
        </Detail>
      </IdDetails>
    </div>
  );
}

/** "1 min 30 s", "42 s": the time an inspection took. */
function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes > 0 ? `${minutes} min ${whole % 60} s` : `${whole} s`;
}

function formatResponse(response: ReturnItem["assessments"][number]["responses"][number]): string {
  switch (response.type) {
    case "boolean":
      return response.value ? "Yes" : "No";
    case "number":
      return String(response.value);
    case "select":
    case "file_upload":
      return response.value.join(", ");
    case "date":
      return new Date(response.value).toLocaleDateString();
    default:
      return response.value;
  }
}
