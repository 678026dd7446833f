import type { Metadata } from "next";
import { type OpenApiOperation, OperationCard } from "@/components/api-reference/operation-card";
import { RichText } from "@/components/api-reference/rich-text";
import { openApiDocument } from "@/lib/openapi/build";

export const metadata: Metadata = { title: "API reference" };

type Document = {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation & { tags: string[] }>>;
};

/** The API reference, rendered from the same OpenAPI document served at /api/v2.2/openapi.json. */
export default function ApiReferencePage() {
  const document = openApiDocument() as unknown as Document;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const tags = [...new Set(operations.map((o) => o.operation.tags[0] ?? "Other"))];
  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-6 py-10">
      <nav aria-label="Operations" className="sticky top-6 hidden h-fit w-56 shrink-0 text-sm lg:block">
        {tags.map((tag) => (
          <div key={tag} className="mb-4">
            <p className="font-semibold text-slate-900">{tag}</p>
            <ul className="mt-1 space-y-1">
              {operations
                .filter((o) => o.operation.tags[0] === tag)
                .map((o) => (
                  <li key={o.operation.operationId}>
                    <a className="text-slate-600 hover:text-indigo-700" href={`#${o.operation.operationId}`}>
                      {o.operation.summary}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <main className="min-w-0 flex-1">
        <header className="mb-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">
            Backroom API v{document.info.version}
          </p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight">{document.info.title}</h1>
          <p className="mt-3 max-w-3xl text-slate-600">
            <RichText text={document.info.description} />
          </p>
          <p className="mt-3 text-sm">
            Machine-readable:{" "}
            <a className="text-indigo-700 underline" href="/api/v2.2/openapi.json">
              /api/v2.2/openapi.json
            </a>
          </p>
        </header>
        {tags.map((tag) => (
          <section key={tag} className="mb-10" aria-labelledby={`tag-${tag}`}>
            <h2 id={`tag-${tag}`} className="mb-4 text-xl font-semibold">
              {tag}
            </h2>
            <div className="space-y-6">
              {operations
                .filter((o) => o.operation.tags[0] === tag)
                .map((o) => (
                  <OperationCard
                    key={o.operation.operationId}
                    method={o.method}
                    path={o.path}
                    operation={o.operation}
                  />
                ))}
            </div>
          </section>
        ))}
      </main>
    </div>
  );
}
