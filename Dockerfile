# syntax=docker/dockerfile:1
# One image per app, one target per app: `docker build --target svc-orders .`
# (compose.yaml builds every target). All apps share the build stage, so the
# monorepo is installed and built once.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci
RUN npm run build
# Runtime needs the built dist/ folders and production dependencies only.
RUN npm prune --omit=dev

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node

FROM runtime AS svc-auth
ENV PORT=4001
EXPOSE 4001
CMD ["node", "svc-auth/dist/main.js"]

FROM runtime AS svc-orders
ENV PORT=4002
EXPOSE 4002
# The node flags are owned by svc-orders/package.json ("onvelope.nodeArgs": the heap cap, see its
# README); keep them equal here (tools/infra/test/compose.test.ts fails when they differ).
CMD ["node", "--max-old-space-size=160", "svc-orders/dist/main.js"]

FROM runtime AS svc-sync
ENV PORT=4003
EXPOSE 4003
CMD ["node", "svc-sync/dist/main.js"]

FROM runtime AS svc-billing
ENV PORT=4004
EXPOSE 4004
CMD ["node", "svc-billing/dist/main.js"]

FROM runtime AS svc-analytics
ENV PORT=4005
EXPOSE 4005
CMD ["node", "svc-analytics/dist/main.js"]

# Serves the built shell and remotes (shell/dist, mf-*/dist under /app) besides the API.
FROM runtime AS gateway
ENV PORT=8080
EXPOSE 8080
CMD ["node", "gateway/dist/main.js"]
