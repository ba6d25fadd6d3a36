# One image for the API and the worker (docker-compose.yml picks the process with `command`).
# The API serves both built front-end bundles itself (SERVE_BUNDLES=1).
# Build from the repository root: docker build -f ops/docker/app.Dockerfile .

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

# ---- build: front-end bundles (the API and worker run from TypeScript through tsx)
FROM deps AS build
COPY . .
RUN npm run build

# ---- runtime
FROM node:24-bookworm-slim AS runtime
# HOST: the API binds to 127.0.0.1 by default; a container must answer on its own network.
ENV NODE_ENV=production \
    SERVE_BUNDLES=1 \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000 9465
# API by default; the worker service overrides this with worker/src/main.ts.
CMD ["node_modules/.bin/tsx", "backend/src/main.ts"]
