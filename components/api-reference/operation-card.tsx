import { RichText } from "./rich-text";
import { TryIt } from "./try-it";

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description?: string;
  parameters: { name: string; in: "path" | "query" | "header"; required: boolean; description?: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};

const METHOD_COLORS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-sky-100 text-sky-800",
  put: "bg-amber-100 text-amber-800",
  delete: "bg-rose-100 text-rose-800",
};

/** One operation of the reference: summary, parameters, schemas by reference, responses, and Try it. */
export function OperationCard({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
}) {
  const bodySchema = operation.requestBody?.content["application/json"]?.schema;
  return (
    <section
      id={operation.operationId}
      className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 className="flex flex-wrap items-center gap-3 text-lg font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-xs uppercase ${METHOD_COLORS[method] ?? ""}`}>
          {method}
        </span>
        <code className="min-w-0 font-mono text-sm break-all">{path}</code>
      </h3>
      <p className="mt-2 font-medium">{operation.summary}</p>
      {operation.description && (
        <p className="mt-1 text-sm text-slate-600">
          <RichText text={operation.description} />
        </p>
      )}
      {operation.parameters.length > 0 && (
        <table className="mt-4 w-full table-fixed text-left text-sm">
          <caption className="sr-only">Parameters</caption>
          <thead className="text-xs uppercase text-slate-500">
            <tr>
              {/* Fixed widths with padding: a long name wraps inside its column instead of running into the next. */}
              <th className="w-2/5 py-1 pr-4 sm:w-1/3">Parameter</th>
              <th className="w-16 pr-4">In</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((p) => (
              <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100">
                <td className="py-1 pr-4 align-top font-mono break-words">
                  {p.name}
                  {p.required && <span className="text-rose-600"> *</span>}
                </td>
                <td className="py-1 pr-4 align-top">{p.in}</td>
                <td className="py-1 align-top text-slate-600 break-words">
                  <RichText text={p.description ?? ""} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {bodySchema !== undefined && (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-medium">Request body schema</summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs">
            {JSON.stringify(bodySchema, null, 2)}
          </pre>
        </details>
      )}
      <h4 className="mt-4 text-sm font-medium">Responses</h4>
      <ul className="mt-1 space-y-1 text-sm">
        {Object.entries(operation.responses).map(([status, response]) => (
          <li key={status}>
            <span className="font-mono font-medium">{status}</span>{" "}
            <span className="text-slate-600">
              <RichText text={response.description} />
            </span>
          </li>
        ))}
      </ul>
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-indigo-700">Try it</summary>
        <TryIt
          method={method}
          path={path}
          parameters={operation.parameters}
          exampleBody={bodySchema !== undefined ? "{}" : undefined}
        />
      </details>
    </section>
  );
}
