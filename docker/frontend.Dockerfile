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
# The lockfile as it is: a lockfile out of step with package.json fails the build.
RUN npm ci --workspace "${APP}" --include-workspace-root
COPY tsconfig.base.json rspack.shared.ts remotes.json ./
COPY shared shared
COPY ${APP} ${APP}
RUN npm run build -w "${APP}"

FROM nginx:1.27-alpine
ARG APP
ARG CONF=remote
# What the healthcheck asks for: a file every build of this kind has (the shell: its page).
ARG HEALTH_PATH=/mf-manifest.json
ENV HEALTH_PATH=${HEALTH_PATH}
# The shell's template looks the API up through this resolver (Docker's embedded DNS).
ENV NGINX_RESOLVER=127.0.0.11
COPY docker/nginx/nginx.conf /etc/nginx/nginx.conf
# nginx's image fills ${…} in /etc/nginx/templates/*.template from the environment at start and
# writes the result to /etc/nginx/conf.d, which the unprivileged user must therefore own.
COPY docker/nginx/${CONF}.conf.template /etc/nginx/templates/default.conf.template
RUN rm -f /etc/nginx/conf.d/default.conf \
  && chown -R nginx:nginx /etc/nginx/conf.d /var/cache/nginx
COPY --from=build /src/${APP}/dist /usr/share/nginx/html
USER nginx
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s CMD wget -q -O /dev/null "http://127.0.0.1:8080${HEALTH_PATH}" || exit 1
