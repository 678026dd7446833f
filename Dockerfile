# Backroom: the web server (`npm start`'s scripts/start.ts) and, with another command, the webhook worker
# and the migrations. docs/operations.md explains the choices; in short:
# - Not Next's `output: "standalone"`: its minimal server.js replaces the custom server (the request gate,
#   slow-client timeouts, graceful shutdown in lib/server), and standalone does not trace a custom
#   server's files. The image holds the normal build, the production dependencies (tsx included: the
#   server and the CLIs are TypeScript run through it) and the lib/ and scripts/ sources they import.
# - The process is node itself (no npm, no tsx CLI in between), so SIGTERM from `docker stop` reaches
#   the server's handler directly; run with an init (compose's `init: true`) to reap children.
# - A non-root user; /data is the only writable folder (the embedded database when DATABASE_URL is unset).

ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
# The build never opens a database (instrumentation.ts skips the build phase).
RUN npm run build \
  && rm -rf .next/cache \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    BACKROOM_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json /app/next.config.ts /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/public ./public
COPY --from=build /app/lib ./lib
COPY --from=build /app/scripts ./scripts
# Next.js writes its image and fetch caches under .next/cache; the embedded database lives in /data.
RUN mkdir -p .next/cache /data && chown node:node .next/cache /data
USER node
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the balancer, which should stop routing on a 503.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# package.json's `npm start` with the same V8 cap (docs/performance.md), without npm and tsx's CLI.
CMD ["node", "--max-old-space-size=1024", "--import", "tsx", "scripts/start.ts"]
