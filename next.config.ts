import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder, and pg has optional
  // native bindings: both must be required at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
