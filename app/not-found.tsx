import { buttonClasses } from "@/components/ui/button";

/**
 * A plain link, not next/link: this file belongs to the root layout, so a client component here is in the
 * first load of every page (next/link's chunk, 3.3 KB gzipped). From a 404 a full load of "/" is fine.
 */
export default function NotFound() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold text-indigo-600">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">This page does not exist</h1>
      <p className="mt-2 max-w-md text-slate-600">
        The link may be wrong, or what it pointed to belongs to a store you are not a member of.
      </p>
      <a href="/" className={`${buttonClasses("primary")} mt-6`}>
        Back to your stores
      </a>
    </main>
  );
}
