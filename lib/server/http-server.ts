import next from "next";
import { createGatedServer, type GatedServer, type GateOptions } from "./gated-server";

export type ServerOptions = GateOptions & { hostname: string; port: number; dir?: string };

/** Prepares the production build and listens. Resolves with the listening server. */
export async function startHttpServer(options: ServerOptions): Promise<GatedServer> {
  const app = next({
    dev: false,
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
