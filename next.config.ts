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
  experimental: {
    // Turbopack keeps a build cache in .next/cache for the next build of the same folder. CI builds once,
    // from a clean clone, so writing it (17 s of a 70 s build here) is time nobody gets back: .ci/run turns
    // it off. Everyone else keeps it (a second build of an unchanged tree is much faster).
    turbopackFileSystemCacheForBuild: process.env.BACKROOM_BUILD_CACHE !== "off",
  },
};

export default nextConfig;
