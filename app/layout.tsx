import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Backroom", template: "%s · Backroom" },
  description: "Returns and inbound inventory for your store's back office.",
};

/**
 * Every page renders per request, the API reference and the 404 page included: Next.js puts the request's
 * CSP nonce (proxy.ts) on its scripts only when it renders, so a page prerendered at build time would carry
 * scripts without it and the browser would refuse them.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
