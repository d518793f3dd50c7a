# syntax=docker/dockerfile:1
# Piste: one image for every replica. Serves the API, Socket.IO and the built web app on port 3000.
#   docker build -t piste .
# The final image holds the server's production dependencies, the package manifests and the built
# output only: no sources, tests, dev dependencies or compilers.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- the package manifests every install below starts from (changes to sources keep these layers cached)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY backend/package.json backend/
COPY frontend/package.json frontend/

# ---- build: every dependency, then contracts, backend and frontend
FROM manifests AS build
# --ignore-scripts: the root postinstall builds libs/contracts, whose sources are not copied yet (`npm run
# build` builds it first), and nothing the build runs needs a dependency's install script.
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts
COPY . .
RUN npm run build

# ---- the server's production dependencies (backend and contracts; the web app is already built)
FROM manifests AS prod-deps
# argon2's prebuilt binaries need N-API 10, which Node 20 lacks (loading one crashes), so its install
# script compiles it from source: that needs python3, make and g++ here, and Node's headers, which the
# image ships under /usr/local/include/node (no download).
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
# --ignore-scripts skips the root postinstall (it needs TypeScript, a dev dependency); argon2's own
# install script runs through `npm rebuild argon2`. sharp needs no script: npm installs its prebuilt build
# for this image's platform (@img/sharp-linux-<arch> with its own libvips, for glibc as on Debian). Then the
# server's two native modules must load.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --ignore-scripts --workspace=@piste/backend --workspace=@piste/contracts \
    && npm rebuild argon2 \
    && rm -rf node_modules/argon2/build/Release/obj.target node_modules/argon2/build/Release/.deps \
    && node -e "require('argon2').hash('piste').then(() => console.log('argon2 loads'))" \
    && node -e "require('sharp')({ create: { width: 2, height: 2, channels: 3, background: '#000' } }) \
        .webp().toBuffer().then(() => console.log('sharp loads'))"

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# Manifests and node_modules; node_modules/@piste/* link to the workspace folders filled in below.
COPY --from=prod-deps /app ./
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# Local-disk uploads and the embedded database live here when S3_BUCKET / DATABASE_URL are unset.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
# node itself is PID 1 (not npm), so SIGTERM reaches the server and it shuts down gracefully. A young
# generation of 64 MiB a half: a request's short-lived objects die there instead of being copied (README).
CMD ["node", "--max-semi-space-size=64", "backend/dist/main.js"]
