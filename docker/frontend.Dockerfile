# One front end (the shell or one remote) built with rspack and served by nginx. Each remote is
# its own image/container, so it can be rebuilt and redeployed alone:
#   docker compose build mf-stock && docker compose up -d mf-stock
# Build from the repository root with --build-arg APP=<shell|mf-catalogs|mf-invoices|mf-dispatches|mf-stock>
# and --build-arg CONF=shell for the shell (remotes use the default, remote).
FROM node:24-bookworm-slim AS build
ARG APP
WORKDIR /src
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-catalogs/package.json mf-catalogs/
COPY mf-invoices/package.json mf-invoices/
COPY mf-dispatches/package.json mf-dispatches/
COPY mf-stock/package.json mf-stock/
COPY e2e/package.json e2e/
RUN npm ci --workspace "${APP}" --include-workspace-root || npm install --workspace "${APP}" --include-workspace-root
COPY tsconfig.base.json rspack.shared.ts remotes.json ./
COPY shared shared
COPY ${APP} ${APP}
RUN npm run build -w "${APP}"

FROM nginx:1.27-alpine
ARG APP
ARG CONF=remote
# nginx's image fills ${…} in /etc/nginx/templates/*.template from the environment at start.
COPY docker/nginx/${CONF}.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /src/${APP}/dist /usr/share/nginx/html
EXPOSE 80
