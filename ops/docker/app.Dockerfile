# The production image, one for the API and the worker (docker-compose.yml picks the process
# with `command`): compiled JavaScript run by plain `node`, production dependencies only, no test
# or bench code, a non-root user, a health check on the API's /api/health. The API serves both
# built front-end bundles itself (SERVE_BUNDLES=1).
# Build from the repository root: docker build -f ops/docker/app.Dockerfile .
# The same steps run without Docker in testing/ops/productionImage.int.test.ts.

# ---- dependencies: only the manifests, so this layer is cached until they change
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/partner/package.json frontend/partner/
COPY frontend/admin/package.json frontend/admin/
RUN npm ci --no-audit --no-fund

# ---- build: the front-end bundles and the server compiled to JavaScript (dist/server)
FROM deps AS build
COPY . .
RUN npm run build && npm run build:server

# ---- production dependencies of the server workspaces only (no dev tools, no front-end libraries)
FROM node:24-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY worker/package.json worker/
COPY frontend/partner/package.json frontend/partner/
COPY frontend/admin/package.json frontend/admin/
RUN npm ci --omit=dev --no-audit --no-fund \
      --workspace @portal/contracts --workspace @portal/backend --workspace @portal/worker \
  && npm cache clean --force

# ---- runtime
FROM node:24-bookworm-slim AS runtime
# HOST: the API binds to 127.0.0.1 by default; a container must answer on its own network.
ENV NODE_ENV=production \
    SERVE_BUNDLES=1 \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=prod-deps /app/package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/contracts/package.json contracts/
COPY --from=prod-deps /app/backend/package.json backend/
COPY --from=prod-deps /app/worker/package.json worker/
COPY --from=build /app/dist/server/contracts contracts/
COPY --from=build /app/dist/server/backend backend/
COPY --from=build /app/dist/server/worker worker/
COPY --from=build /app/frontend/partner/dist frontend/partner/dist/
COPY --from=build /app/frontend/admin/dist frontend/admin/dist/
# Everything belongs to root and is read-only for the process, which runs as `node` (uid 1000).
USER node
EXPOSE 3000 9465
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# API by default; the worker and the migration override it (worker/src/main.js, backend/src/cli/migrate.js).
CMD ["node", "backend/src/main.js"]
