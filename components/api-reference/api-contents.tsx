/** The id of a tag's section: "Inbound shipments" -> "tag-inbound-shipments". */
export const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

type ContentsGroup = { tag: string; operations: { operationId: string; summary: string }[] };

function ContentsList({ groups }: { groups: ContentsGroup[] }) {
  return (
    <ul className="space-y-4">
      {groups.map((group) => (
        <li key={group.tag}>
          <a className="font-semibold text-slate-900 hover:text-indigo-700" href={`#${tagAnchor(group.tag)}`}>
            {group.tag}
          </a>
          <ul className="mt-1 space-y-1">
            {group.operations.map((operation) => (
              <li key={operation.operationId}>
                <a className="text-slate-600 hover:text-indigo-700" href={`#${operation.operationId}`}>
                  {operation.summary}
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The reference's table of contents. Wide screens: a column beside the operations that stays in place and
 * scrolls on its own (the list is longer than a window). Narrow screens: a closed disclosure above them, so
 * the operations start near the top and the list is one tap away.
 */
export function ApiContentsSidebar({ groups }: { groups: ContentsGroup[] }) {
  return (
    <nav
      aria-label="Contents"
      className="sticky top-0 hidden max-h-screen w-56 shrink-0 overflow-y-auto py-10 pr-2 text-sm lg:block"
    >
      <p className="mb-3 text-xs font-semibold tracking-wider text-slate-500 uppercase">Contents</p>
      <ContentsList groups={groups} />
    </nav>
  );
}

export function ApiContentsDisclosure({ groups }: { groups: ContentsGroup[] }) {
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);
  return (
    <details className="mb-8 rounded-lg border border-slate-200 bg-white text-sm shadow-sm lg:hidden">
      <summary className="cursor-pointer px-4 py-3 font-medium text-slate-900">
        Contents: {groups.length} sections, {count} operations
      </summary>
      <nav aria-label="Contents" className="border-t border-slate-200 px-4 py-3 sm:columns-2 sm:gap-8">
        <ContentsList groups={groups} />
      </nav>
    </details>
  );
}
