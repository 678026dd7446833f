import next from "next";
import { markFrontLayer } from "../health/lifecycle";
import { createGatedServer, type GatedServer, type GateOptions } from "./gated-server";

export type ServerOptions = GateOptions & { hostname: string; port: number; dir?: string; dev?: boolean };

/**
 * Prepares Next.js (the production build, or with `dev` the development server that compiles on demand and
 * reloads the browser) behind the gated server, and listens. Resolves with the listening server.
 */
export async function startHttpServer(options: ServerOptions): Promise<GatedServer> {
  markFrontLayer();
  const app = next({
    dev: options.dev ?? false,
    dir: options.dir ?? process.cwd(),
    hostname: options.hostname,
    port: options.port,
  });
  await app.prepare();
  const gated = createGatedServer(app.getRequestHandler(), options);
  await new Promise<void>((resolve, reject) => {
    gated.server.once("error", reject);
    gated.server.listen(options.port, options.hostname, () => resolve());
  });
  return gated;
}
