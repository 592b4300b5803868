# syntax=docker/dockerfile:1
# The platform's one image: the API (ROLE=api: HTTP and sockets), the workers (ROLE=worker: jobs and WhatsApp
# sessions) and the one-shot migration step all run it (docker/compose.yml). It also serves the built console
# (CONSOLE_DIR), the script-tag embed (EMBED_DIR) and the API docs (/docs).
# Build from the repository root:  docker build -f docker/api.Dockerfile -t atende-api .

# The active Node LTS (26), one of the two lines the platform is tested on (package.json engines; CI builds and runs
# the API's tests on it). Development keeps working on Node 20.19+.
ARG NODE_IMAGE=node:26-bookworm-slim
# The npm the lockfile and the root "allowScripts" are written for (pinned so every image installs alike).
ARG NPM_VERSION=11.19.1

FROM ${NODE_IMAGE} AS build
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION}
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change. The typed client comes whole: it is small,
# and the root's `prepare` (run by npm ci) builds it, since the kit imports it.
COPY package.json package-lock.json tsconfig.json nest-cli.json ./
COPY scripts scripts
COPY client client
COPY api/package.json api/
COPY ui-kit/package.json ui-kit/
COPY console/package.json console/
COPY storybook/package.json storybook/
RUN npm ci --no-audit --no-fund
COPY ui-kit ui-kit
COPY console console
COPY api api
RUN npm run build -w ui-kit && npm run build -w console && npm run build -w api

FROM ${NODE_IMAGE} AS runtime
ARG NPM_VERSION
# pg_dump and pg_restore for `npm run backup` / `restore` (docs/operations/backups.md): they must be at least the
# server's major version (compose runs PostgreSQL 16), newer than Debian's 15, so from PostgreSQL's own apt repository
# (postgresql-common ships its key and the script that adds it).
ARG PG_CLIENT_VERSION=17
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
    && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
    && apt-get install -y --no-install-recommends postgresql-client-${PG_CLIENT_VERSION} \
    && rm -rf /var/lib/apt/lists/*
RUN npm install -g npm@${NPM_VERSION}
# HOST: the API listens on 127.0.0.1 unless told otherwise; in a container, on every interface.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    CONSOLE_DIR=/app/console/dist \
    EMBED_DIR=/app/ui-kit/dist/embed \
    MEDIA_DIR=/data/media \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY client/package.json client/
COPY api/package.json api/
COPY ui-kit/package.json ui-kit/
COPY console/package.json console/
COPY storybook/package.json storybook/
# Only the API's production dependencies: no build tools, no React, no Storybook. No install scripts: none of the
# API's production dependencies needs one (the embedded PostgreSQL's is for development; production has DATABASE_URL).
RUN npm ci --omit=dev -w api --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist api/dist
# The socket events' contract and the operations' examples, served with the API docs.
COPY --from=build /app/api/asyncapi.json /app/api/openapi-examples.json api/
COPY --from=build /app/console/dist console/dist
COPY --from=build /app/ui-kit/dist/embed ui-kit/dist/embed
RUN mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data/media"]
EXPOSE 8080
# SIGTERM (docker stop, a rolling update) starts the graceful shutdown: new connections refused, requests and jobs
# finish, session leases handed over (docs/operations/scaling.md). Give it SHUTDOWN_GRACE_MS plus a margin.
STOPSIGNAL SIGTERM
# Migrations first (under a PostgreSQL advisory lock: any number of containers starting at once is safe; the API
# never migrates on start in production), then the API as PID 1's child. docker/compose.yml runs a one-shot
# `migrate` service instead and starts the api and worker services with `node api/dist/main.js`.
CMD ["sh", "-c", "node api/dist/database/migrate.js && exec node api/dist/main.js"]
