# syntax=docker/dockerfile:1
# The console as static files behind nginx, which also forwards the API's paths to the api service.
# Build from the repository root:  docker build -f docker/console.Dockerfile -t atende-console .

# The current Node LTS (26); development keeps working on Node 20.19+.
ARG NODE_IMAGE=node:26-bookworm-slim
ARG NPM_VERSION=11.19.1

FROM ${NODE_IMAGE} AS build
ARG NPM_VERSION
RUN npm install -g npm@${NPM_VERSION}
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY scripts scripts
# The typed client comes whole: the root's `prepare` (run by npm ci) builds it, and the kit imports it.
COPY client client
COPY api/package.json api/
COPY ui-kit/package.json ui-kit/
COPY console/package.json console/
COPY storybook/package.json storybook/
RUN npm ci --no-audit --no-fund
COPY ui-kit ui-kit
COPY console console
# The console builds the kit from its source; the build writes .gz and .br beside each asset.
RUN npm run build -w client && npm run build -w console

# nginx 1.27.3 or newer: the upstream's `resolve` follows the api replicas (docker/nginx.conf).
FROM nginx:alpine
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/console/dist /usr/share/nginx/html
EXPOSE 80
