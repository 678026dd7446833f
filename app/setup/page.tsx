import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { SetupForm } from "@/components/setup/setup-form";
import { getDb } from "@/lib/db";
import { isSetupTokenValid } from "@/lib/domain/setup";
import { currencyCodes, timeZoneNames } from "@/lib/schemas/stores";
import { submitSetup } from "./actions";

export const metadata: Metadata = { title: "Set up Backroom" };

/** First-run setup: only with a valid link printed at start-up; a 404 otherwise, and forever after setup. */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  await connection();
  const { token } = await searchParams;
  if (typeof token !== "string" || !(await isSetupTokenValid(await getDb(), token))) notFound();
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg">
        <div className="mb-8 text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-600">Backroom</p>
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">Set up your back office</h1>
          <p className="mt-2 text-sm text-slate-600">
            Create your store and the first admin account. You can add locations and teammates afterwards in
            Settings.
          </p>
        </div>
        <SetupForm
          action={submitSetup}
          token={token}
          currencies={currencyCodes()}
          timeZones={timeZoneNames()}
        />
      </div>
    </main>
  );
}
