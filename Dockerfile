# syntax=docker/dockerfile:1
# Saffa in one image: built once, run as many times as there are API replicas (see docker-compose.yml and the
# README's "Deploying"). Build: docker build -t saffa .

# Node.js 20.19+ with npm 11, as the README asks for.
FROM node:20-bookworm-slim AS base
RUN npm install -g npm@11 && npm cache clean --force
WORKDIR /app

# --- build: every dependency, then the API (api/dist) and the web app (web/dist) ---
FROM base AS build
COPY package.json package-lock.json ./
COPY api/package.json api/package.json
COPY web/package.json web/package.json
RUN npm ci
COPY . .
RUN npm run build

# --- runtime: production dependencies of the API only, the two builds, a user without privileges ---
FROM base AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MEDIA_DIR=/data/media \
    PRIVATE_DIR=/data/private
COPY package.json package-lock.json ./
COPY api/package.json api/package.json
COPY web/package.json web/package.json
RUN npm ci --omit=dev --workspace=api && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-server web/dist-server
# Media and private files live under /data unless MEDIA_S3_* name S3 buckets (docker-compose.yml does).
RUN mkdir -p /data/media /data/private && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz is 200 while the database answers and the real-time listener is connected, 503 otherwise.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "api/dist/main.js"]
