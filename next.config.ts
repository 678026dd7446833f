import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder, and pg has optional
  // native bindings: both must be required at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  // `npm test` type-checks the whole tree (tests included) with tsc; repeating it in every build only
  // slows the run command's cold start.
  typescript: { ignoreBuildErrors: true },
  typedRoutes: false,
};

export default nextConfig;
