# syntax=docker/dockerfile:1
# The API image: it also serves the built console (CONSOLE_DIR) and the API docs (/docs).
# Build from the repository root:  docker build -f docker/api.Dockerfile -t atende-api .

# The current Node LTS (26); development keeps working on Node 20.19+.
ARG NODE_IMAGE=node:26-bookworm-slim
# The npm the lockfile and the root "allowScripts" are written for (pinned so every image installs alike).
ARG NPM_VERSION=11.19.1

FROM ${NODE_IMAGE} AS build
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION}
WORKDIR /app
# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json tsconfig.json nest-cli.json ./
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
RUN npm install -g npm@${NPM_VERSION}
# HOST: the API listens on 127.0.0.1 unless told otherwise; in a container, on every interface.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    CONSOLE_DIR=/app/console/dist \
    MEDIA_DIR=/data/media \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY ui-kit/package.json ui-kit/
COPY console/package.json console/
COPY storybook/package.json storybook/
# Only the API's production dependencies: no build tools, no React, no Storybook.
RUN npm ci --omit=dev -w api --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/console/dist console/dist
RUN mkdir -p /data/media && chown -R node:node /data
USER node
VOLUME ["/data/media"]
EXPOSE 8080
# Migrations first (the API does not migrate on start in production), then the API as PID 1's child.
CMD ["sh", "-c", "node api/dist/database/migrate.js && exec node api/dist/main.js"]
