# DocuCard's production image. Build:   docker build -t docucard .
# Run (embedded database, files in a volume):
#   docker run -p 5000:5000 -v docucard-data:/data -e PUBLIC_URL=http://localhost:5000 docucard
# compose.yaml runs two of these behind a proxy with PostgreSQL, Redis and S3; see docs/deploy.md.

ARG NODE_VERSION=20.19
ARG DEBIAN_RELEASE=bookworm

# --- 1. build: every dependency, then the web app and the server bundle (npm run build) ---
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/patch-pdfjs.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- 2. runtime dependencies only (no tsx, esbuild, vite, test tools) ---
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall: pdf.js's worker half with decision 051's changes
COPY scripts/patch-pdfjs.mjs scripts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- 3. the image that runs ---
FROM node:${NODE_VERSION}-${DEBIAN_RELEASE}-slim
# LibreOffice Impress (headless) reads .ppt and WPS .dps uploads (issue 19); the fonts give it,
# and the PDF/poster renderers, Chinese, Japanese and Korean glyphs. tini reaps the reader
# processes the server starts and passes signals on.
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    libreoffice-impress \
    fonts-noto-cjk \
    fonts-dejavu-core \
    tini \
  && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data \
    SOFFICE_PATH=/usr/bin/soffice

WORKDIR /app
COPY --from=runtime-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./

# The code belongs to root and is read-only for the server; only /data is its own.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 5000

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Plain node on the compiled server: no TypeScript loader, no npm in between (signals reach
# the server directly). Migrations are applied at start (docs/deploy.md, "Upgrades").
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server/main.js"]
