# syntax=docker/dockerfile:1
# One image per app, one target per app: `docker build --target svc-orders .` (compose.yaml builds
# every target). The monorepo is installed and built once (stage `build`); each app's runtime image
# holds only its own dist/, the dist/ of the workspace packages it imports, and its production
# dependencies, installed on their own (stage `<app>-deps`).

# The Node the whole project runs on (.nvmrc; tools/infra/test/node-runtime.test.ts keeps them equal).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim
# The frontends are static files: any web server or CDN serves them; this one runs as non-root.
ARG STATIC_IMAGE=nginxinc/nginx-unprivileged:stable-alpine

# Every package.json and the lockfile: `all` as they are (the build installs everything), `prod`
# without devDependencies. `npm ci --omit=dev --workspace <app>` counts a workspace's
# devDependencies as production (a workspace is a production dependency of the root, and so is
# everything it names), which would put @onvelope/testkit, testcontainers, dockerode and
# smtp-server into the services' images; without them in the manifests and the lockfile, it
# installs exactly the app's production tree at the lockfile's versions.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN node --input-type=module <<'EOF'
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const write = (file, value) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
};
const lock = readJson('package-lock.json');
cpSync('package-lock.json', '/manifests/all/package-lock.json');
cpSync('package.json', '/manifests/all/package.json');
cpSync('package.json', '/manifests/prod/package.json');
for (const workspace of readJson('package.json').workspaces) {
  const manifest = readJson(`${workspace}/package.json`);
  write(`/manifests/all/${workspace}/package.json`, manifest);
  delete manifest.devDependencies;
  delete lock.packages[workspace].devDependencies;
  write(`/manifests/prod/${workspace}/package.json`, manifest);
}
write('/manifests/prod/package-lock.json', lock);
EOF

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY --from=manifests /manifests/all/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS prod-manifests
WORKDIR /app
COPY --from=manifests /manifests/prod/ ./

FROM prod-manifests AS svc-auth-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=svc-auth --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS svc-orders-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=svc-orders --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS svc-sync-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=svc-sync --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS svc-billing-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=svc-billing --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS svc-analytics-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=svc-analytics --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS svc-notify-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=svc-notify --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS gateway-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=gateway --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS storefront-sim-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=tools/storefront-sim --include-workspace-root=false --no-audit --no-fund

FROM prod-manifests AS tracking-sim-deps
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace=tools/tracking-sim --include-workspace-root=false --no-audit --no-fund

# Files stay root's: the `node` user runs the app and cannot change it. Named by its number (the
# Node images' `node` is 1000:1000), so Kubernetes' runAsNonRoot can verify it without a lookup.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
USER 1000:1000

# The workspace packages every service and the gateway import (node_modules/@onvelope/* link here).
# A service listens on the loopback unless told otherwise; in a container the gateway is elsewhere.
# Each app's CMD repeats the node flags its package.json owns ("onvelope.nodeArgs": its heap cap,
# deploy/CAPACITY.md "Memory"); tools/infra/test/compose.test.ts fails when the two differ.
FROM runtime AS service-runtime
ENV HOST=0.0.0.0
COPY --from=build /src/packages/contracts/dist packages/contracts/dist
COPY --from=build /src/packages/service-kit/dist packages/service-kit/dist

FROM service-runtime AS svc-auth
COPY --from=svc-auth-deps /app ./
COPY --from=build /src/svc-auth/dist svc-auth/dist
ENV PORT=4001
EXPOSE 4001
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=16", "svc-auth/dist/main.js"]

FROM service-runtime AS svc-orders
COPY --from=svc-orders-deps /app ./
COPY --from=build /src/svc-orders/dist svc-orders/dist
ENV PORT=4002
EXPOSE 4002
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=16", "svc-orders/dist/main.js"]

FROM service-runtime AS svc-sync
COPY --from=svc-sync-deps /app ./
COPY --from=build /src/svc-sync/dist svc-sync/dist
ENV PORT=4003
EXPOSE 4003
CMD ["node", "--max-old-space-size=256", "svc-sync/dist/main.js"]

FROM service-runtime AS svc-billing
COPY --from=svc-billing-deps /app ./
COPY --from=build /src/svc-billing/dist svc-billing/dist
ENV PORT=4004
EXPOSE 4004
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=16", "svc-billing/dist/main.js"]

FROM service-runtime AS svc-analytics
COPY --from=svc-analytics-deps /app ./
COPY --from=build /src/svc-analytics/dist svc-analytics/dist
ENV PORT=4005
EXPOSE 4005
CMD ["node", "--max-old-space-size=320", "svc-analytics/dist/main.js"]

FROM service-runtime AS svc-notify
COPY --from=svc-notify-deps /app ./
COPY --from=build /src/svc-notify/dist svc-notify/dist
ENV PORT=4006
EXPOSE 4006
CMD ["node", "--max-old-space-size=256", "svc-notify/dist/main.js"]

# The API, /remotes.json, and the built shell and remotes (gateway/src/static-hosting.ts lays them
# out under /app as in the repository): the whole site from one image. A remote deployed on its own
# (the mf-* images below, a CDN) is named by REMOTE_<NAME>_URL instead.
FROM service-runtime AS gateway
COPY --from=gateway-deps /app ./
COPY --from=build /src/gateway/dist gateway/dist
COPY --from=build /src/shell/dist shell/dist
COPY --from=build /src/mf-marketing/dist mf-marketing/dist
COPY --from=build /src/mf-customer/dist mf-customer/dist
COPY --from=build /src/mf-merchant/dist mf-merchant/dist
ENV PORT=8080
EXPOSE 8080
CMD ["node", "--max-old-space-size=256", "gateway/dist/main.js"]

# The Big Cartel simulator of compose's `try` profile, with the simulators' shared package
# (node_modules/@onvelope/sim-kit links to tools/sim-kit).
FROM runtime AS storefront-sim
COPY --from=storefront-sim-deps /app ./
COPY --from=build /src/tools/storefront-sim/dist tools/storefront-sim/dist
COPY --from=build /src/tools/sim-kit/dist tools/sim-kit/dist
ENV STOREFRONT_SIM_HOST=0.0.0.0 STOREFRONT_SIM_PORT=4010
EXPOSE 4010
CMD ["node", "tools/storefront-sim/dist/main.js"]

# The EasyPost tracking simulator of compose's `try` profile, with the same shared package.
FROM runtime AS tracking-sim
COPY --from=tracking-sim-deps /app ./
COPY --from=build /src/tools/tracking-sim/dist tools/tracking-sim/dist
COPY --from=build /src/tools/sim-kit/dist tools/sim-kit/dist
ENV TRACKING_SIM_HOST=0.0.0.0 TRACKING_SIM_PORT=4020
EXPOSE 4020
CMD ["node", "tools/tracking-sim/dist/main.js"]

# Frontends as static files, for any web server or CDN: each remote on its own (mf-marketing,
# mf-customer, mf-merchant: the remote at the root, mf-manifest.json beside its chunks), and `web`, the
# shell with the three remotes under /mf/<name>/ as the gateway serves them, for a load balancer that
# sends /api, /auth, /remotes.json and /healthz to the gateway and the rest here. nginx listens on
# 8080 as its own non-root user and writes only to /tmp. Hashed names (`[name].[contenthash].js`)
# are cached for ever; the rest (index.html, mf-manifest.json, remoteEntry.js) is revalidated, as
# the gateway does. Every answer allows cross-origin reads: the federation runtime fetches a
# remote's manifest and chunks from the shell's origin, which may be another one.
FROM ${STATIC_IMAGE} AS static
COPY <<'EOF' /etc/nginx/conf.d/static-files.conf
gzip on;
gzip_types text/css application/javascript application/json image/svg+xml;
gzip_min_length 1024;
map $uri $cache_control {
  "~[.-][0-9a-f]{8,}\.[a-z0-9]+$" "public, max-age=31536000, immutable";
  default "no-cache";
}
EOF

# A remote's files only: a missing file is a 404, never a page.
FROM static AS remote
COPY <<'EOF' /etc/nginx/conf.d/default.conf
server {
  listen 8080;
  root /usr/share/nginx/html;
  add_header Cache-Control $cache_control always;
  add_header Access-Control-Allow-Origin "*" always;
  location / {
    try_files $uri =404;
  }
}
EOF

FROM remote AS mf-marketing
COPY --from=build /src/mf-marketing/dist /usr/share/nginx/html

FROM remote AS mf-customer
COPY --from=build /src/mf-customer/dist /usr/share/nginx/html

FROM remote AS mf-merchant
COPY --from=build /src/mf-merchant/dist /usr/share/nginx/html

# The shell's client-side routes get its index.html; under /mf/ only files exist.
# It sends the gateway's security headers (gateway/src/security-headers.ts; its test
# web-image-headers.test.ts fails when they differ). HSTS is left to the TLS-terminating Ingress.
FROM static AS web
COPY <<'EOF' /etc/nginx/conf.d/default.conf
server {
  listen 8080;
  root /usr/share/nginx/html;
  add_header Cache-Control $cache_control always;
  add_header Access-Control-Allow-Origin "*" always;
  add_header Content-Security-Policy "default-src 'self'; script-src 'self'; style-src 'self' 'sha256-o+AMw3uUcOmHCf045YyA6j+a62m9qcgmdAZYzb4H2o0='; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" always;
  add_header X-Content-Type-Options "nosniff" always;
  add_header X-Frame-Options "DENY" always;
  add_header Referrer-Policy "strict-origin-when-cross-origin" always;
  add_header Cross-Origin-Opener-Policy "same-origin" always;
  location / {
    try_files $uri /index.html;
  }
  location /mf/ {
    try_files $uri =404;
  }
}
EOF

COPY --from=build /src/shell/dist /usr/share/nginx/html
COPY --from=build /src/mf-marketing/dist /usr/share/nginx/html/mf/marketing
COPY --from=build /src/mf-customer/dist /usr/share/nginx/html/mf/customer
COPY --from=build /src/mf-merchant/dist /usr/share/nginx/html/mf/merchant
