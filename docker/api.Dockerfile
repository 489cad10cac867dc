# The API (with the embedded identity provider) as one container, running the compiled JavaScript
# (api/dist, `npm run build -w @almacen/api`) with plain node as the unprivileged user `node`. It
# does not serve the front end here: the shell and each remote have their own containers
# (docker-compose.yml). Build from the repository root: docker build -f docker/api.Dockerfile .
# Users and demo data inside it: docker compose exec api npm run users -w @almacen/api -- list
#                                 docker compose exec api npm run seed -w @almacen/api

# Every install is `npm ci` of the API workspace alone: a lockfile out of step with package.json
# fails the build instead of being re-resolved.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-catalogs/package.json mf-catalogs/
COPY mf-invoices/package.json mf-invoices/
COPY mf-dispatches/package.json mf-dispatches/
COPY mf-stock/package.json mf-stock/
COPY e2e/package.json e2e/
RUN npm ci --workspace @almacen/api --include-workspace-root=false
COPY tsconfig.base.json ./
COPY shared/src/domain shared/src/domain
COPY shared/src/domain-pages shared/src/domain-pages
COPY shared/src/schemas shared/src/schemas
COPY api/src api/src
COPY api/build.mjs api/tsconfig.json api/tsconfig.build.json api/tsconfig.shared.json api/
RUN npm run build -w @almacen/api

# The production dependencies, pruned of what the running API never reads. No optional
# dependencies: the embedded PostgreSQL's binaries are optional ones, and the container uses
# DATABASE_URL (the API looks the binaries up only when it starts the embedded one). typescript is
# removed by name: npm keeps it because the front ends' Module Federation declares it a peer.
# exceljs/dist holds its browser bundles (Node loads lib/); source maps and type declarations
# are for editors and debuggers.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-catalogs/package.json mf-catalogs/
COPY mf-invoices/package.json mf-invoices/
COPY mf-dispatches/package.json mf-dispatches/
COPY mf-stock/package.json mf-stock/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --omit=optional --workspace @almacen/api --include-workspace-root=false \
  && rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver node_modules/exceljs/dist \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# The workspace manifests, so `npm run backup` and `npm run users -w @almacen/api` work in the image.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-catalogs/package.json mf-catalogs/
COPY mf-invoices/package.json mf-invoices/
COPY mf-dispatches/package.json mf-dispatches/
COPY mf-stock/package.json mf-stock/
COPY e2e/package.json e2e/
COPY --from=deps /app/node_modules node_modules
# Only the build: no TypeScript sources, so api/cli.mjs runs dist/cli/*.js.
COPY --from=build /app/api/dist api/dist
# The registry of remotes: the API reads it at start (REMOTE_<NAME>_URL, /config.json).
COPY remotes.json ./
COPY api/cli.mjs api/
# The files the API keeps under DATA_DIR (e.g. secrets.key when SECRETS_KEY is not set) in a folder
# the unprivileged user owns; docker-compose.yml mounts a volume there so they outlive the container.
ENV DATA_DIR=/var/lib/almacen
# Where the compose service `backup` writes (its volume takes this folder's owner when first used).
RUN mkdir -p "$DATA_DIR" /var/backups/almacen && chown node:node "$DATA_DIR" /var/backups/almacen
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "api/dist/server.js"]
