import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { getDb } from "@/lib/db";
import { listStoresWithCounts } from "@/lib/domain/stores";
import { getStaffSession } from "@/lib/session/staff-session";

export const metadata: Metadata = { title: "Your stores" };

/** The signed-in home: straight into the store for staff of one store, a choice for staff of several. */
export default async function HomePage() {
  await connection();
  const session = await getStaffSession();
  if (!session) redirect("/sign-in");
  const [only] = session.stores;
  if (session.stores.length === 1 && only) redirect(`/stores/${only.id}`);

  const memberOf = new Map(session.stores.map((store) => [store.id, store.role]));
  const stores = (await listStoresWithCounts(await getDb())).filter((store) => memberOf.has(store.id));
  const numbers = new Intl.NumberFormat("en-US");

  return (
    <main className="mx-auto max-w-5xl px-6 py-12">
      <header className="mb-10">
        <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">Backroom</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Your stores</h1>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-600">Signed in as {session.user.name}. Choose a store to work in.</p>
          <SignOutButton />
        </div>
      </header>

      {stores.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <h2 className="text-lg font-medium">You are not a member of any store yet</h2>
          <p className="mt-2 text-slate-600">
            Ask an admin of your store to add you, or add a membership with <code>npm run staff:create</code>.
          </p>
        </div>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2">
          {stores.map((store) => (
            <li key={store.id}>
              <Link
                href={`/stores/${store.id}`}
                className="block rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <div className="flex items-baseline justify-between gap-4">
                  <h2 className="text-lg font-semibold">{store.name}</h2>
                  <span className="shrink-0 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                    {memberOf.get(store.id)} · {store.currency}
                  </span>
                </div>
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
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
