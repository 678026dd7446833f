import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): the staff app installs on a phone or tablet (docs/offline.md). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Backroom",
    short_name: "Backroom",
    description: "Returns and inbound inventory for your store's back office.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
