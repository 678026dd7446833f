import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { contracts } from "../contracts";
import { apiOperations } from "./api-operations";

/**
 * The API's route handlers behind a real HTTP server on 127.0.0.1 (no Next.js build): a client under test
 * speaks HTTP to it as it would to `npm start`, and each request reaches the handler Next.js would route it
 * to, with the path parameters of its contract's template (a literal segment wins over a parameter, as in
 * the router). Anything else is a 404. Answers are not checked here: the client test checks what it reads.
 */
export type ApiHttpServer = { url: string; close(): Promise<void> };

type Route = { method: string; pattern: RegExp; names: string[]; literals: number; name: string };

const routes: Route[] = contracts.map((contract) => {
  const names: string[] = [];
  const source = contract.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return {
    method: contract.method.toUpperCase(),
    pattern: new RegExp(`^/api/v2\\.2${source.replaceAll(".", "\\.")}$`),
    names,
    literals: contract.path.split("/").length - names.length,
    name: `${contract.method.toUpperCase()} ${contract.path}`,
  };
});

function findRoute(method: string, pathname: string) {
  const candidates = routes
    .filter((route) => route.method === method && route.pattern.test(pathname))
    .sort((a, b) => b.literals - a.literals);
  const route = candidates[0];
  if (!route) return undefined;
  const values = route.pattern.exec(pathname)?.slice(1) ?? [];
  const params = Object.fromEntries(
    route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? "")]),
  );
  const handler = apiOperations.find((op) => op.name === route.name)?.handler;
  return handler ? { handler, params } : undefined;
}

async function serve(incoming: IncomingMessage, response: ServerResponse, origin: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const url = new URL(incoming.url ?? "/", origin);
  const method = incoming.method ?? "GET";
  const found = findRoute(method, url.pathname);
  if (!found) {
    response
      .writeHead(404, { "content-type": "application/problem+json" })
      .end(JSON.stringify({ type: "com.service.api:request/not-found", title: "Not Found", status: 404 }));
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const body = chunks.length > 0 && method !== "GET" && method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  const request = new NextRequest(url, { method, headers, body });
  const answer = await found.handler(request, { params: Promise.resolve(found.params) });
  response.writeHead(answer.status, Object.fromEntries(answer.headers));
  response.end(Buffer.from(await answer.arrayBuffer()));
}

export async function startApiHttpServer(): Promise<ApiHttpServer> {
  let origin = "http://127.0.0.1";
  const server = createServer((incoming, response) => {
    serve(incoming, response, origin).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
