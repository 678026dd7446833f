import type { Metadata } from "next";
import {
  ApiContentsDisclosure,
  ApiContentsSidebar,
  tagAnchor,
} from "@/components/api-reference/api-contents";
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
  const groups = tags.map((tag) => ({
    tag,
    operations: operations
      .filter((o) => o.operation.tags[0] === tag)
      .map(({ operation }) => ({ operationId: operation.operationId, summary: operation.summary })),
  }));
  return (
    <div className="mx-auto flex max-w-6xl gap-10 px-4 sm:px-6">
      <ApiContentsSidebar groups={groups} />
      <main className="min-w-0 flex-1 py-10">
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
        <ApiContentsDisclosure groups={groups} />
        {tags.map((tag) => (
          <section key={tag} className="mb-10" aria-labelledby={tagAnchor(tag)}>
            <h2 id={tagAnchor(tag)} className="mb-4 scroll-mt-6 text-xl font-semibold">
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
