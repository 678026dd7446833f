import { connection } from "next/server";
import { getDb } from "@/lib/db";
import { listStoresWithCounts } from "@/lib/domain/stores";

export default async function HomePage() {
  // Rendered per request: the counts are live, and `next build` must not open the database.
  await connection();
  const stores = await listStoresWithCounts(await getDb());
  const numbers = new Intl.NumberFormat("en-US");

  return (
    <main className="mx-auto max-w-5xl px-6 py-12">
      <header className="mb-10">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">Backroom</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Your stores</h1>
        <p className="mt-2 text-slate-600">
          Returns and inbound inventory for every store you work with, live from the database.
        </p>
      </header>

      {stores.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-medium">No stores yet</h2>
          <p className="mt-2 text-slate-600">
            Start the server on an empty database to load the demo data, or run <code>npm run seed</code>.
          </p>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2">
          {stores.map((store) => (
            <li key={store.id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-baseline justify-between gap-4">
                <h2 className="text-lg font-semibold">{store.name}</h2>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
                  {store.currency}
                </span>
              </div>
              <p className="mt-1 font-mono text-xs text-slate-500">{store.id}</p>
              <dl className="mt-6 grid grid-cols-3 gap-4">
                {[
                  ["Inbound shipments", store.inboundShipments],
                  ["Returns", store.returns],
                  ["Inventory items", store.inventoryItems],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-xs text-slate-500">{label}</dt>
                    <dd className="mt-1 text-2xl font-semibold tabular-nums">
                      {numbers.format(Number(value))}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
