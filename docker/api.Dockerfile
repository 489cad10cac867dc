# The API (with the embedded identity provider) as one container. It does not serve the front
# end here: the shell and each remote have their own containers (docker-compose.yml).
# Build from the repository root: docker build -f docker/api.Dockerfile .
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Manifests first, so dependencies are a cached layer.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-catalogs/package.json mf-catalogs/
COPY mf-invoices/package.json mf-invoices/
COPY mf-dispatches/package.json mf-dispatches/
COPY mf-stock/package.json mf-stock/
COPY e2e/package.json e2e/
# npm ci refuses a lockfile made where other platforms' optional binaries were unavailable; npm
# install then installs the same locked versions.
RUN (npm ci --omit=dev --workspace @almacen/api --include-workspace-root=false \
     || npm install --omit=dev --workspace @almacen/api --include-workspace-root=false) \
  && npm cache clean --force
COPY tsconfig.base.json ./
COPY shared/src shared/src
COPY shared/tsconfig.json shared/
COPY api/src api/src
COPY api/tsconfig.json api/
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "api/src/server.ts"]
