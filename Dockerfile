# syntax=docker/dockerfile:1
# Rendix in one image: the web process (default command) and the job process (`node dist/server/worker.js`).
#   docker build -t rendix .
# How to run it, scale it and what to set: docs/DEPLOY.md. compose.yaml runs the whole stack.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency (Vite, esbuild, TypeScript), then the client and the server bundles
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only (native and wasm packages for this platform: sharp, @napi-rs/canvas, tesseract.js)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# ---- runtime
FROM ${NODE_IMAGE}
# sharp and @napi-rs/canvas (PDF page rendering) bring their own libvips and Skia; tesseract.js and ZXing are wasm and
# their models come from node_modules, so no OCR package is needed. Fonts: a PDF whose text uses fonts it does not
# embed (Helvetica, Times, Arial) is drawn with these metric-compatible ones before OCR. ca-certificates: outgoing
# TLS through a proxy with NODE_EXTRA_CA_CERTS / NODE_USE_SYSTEM_CA.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates fonts-dejavu-core fonts-liberation \
  && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data
WORKDIR /app
# Code and dependencies belong to root and are read-only for the process; only DATA_DIR is writable (receipts when no
# object storage is configured). The OCR models are copied to the temporary folder (/tmp) on first use.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY drizzle ./drizzle
COPY scripts/start.mjs ./scripts/start.mjs
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
RUN mkdir -p /app/data && chown node:node /app/data

# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 5000
# Liveness only (no database): readiness for load balancers is /api/ready. The job process has no HTTP server:
# compose.yaml turns this check off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains requests in flight, then running jobs (SHUTDOWN_TIMEOUT_MS each, 10 s by default): give the
# container ~30 s before it is killed (`docker stop -t 30`, compose's stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
