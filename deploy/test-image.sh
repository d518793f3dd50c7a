#!/usr/bin/env bash
# Builds Piste's production image from the Dockerfile on this machine and runs it against the machine's
# PostgreSQL and Redis, checking what an operator relies on:
#   - it runs as a user other than root, passes its own HEALTHCHECK and answers /health/ready 200;
#   - it serves the web app;
#   - it holds no sources, tests or compilers;
#   - it stops cleanly on SIGTERM (exit 0).
# It prints one `ok - …` / `not ok - …` line per check, then `image: N passed, M failed`, and the image's size
# and layers. Exit status 0 when every check passed, 1 when one failed, 77 when it could not run here.
#
# No image registry is reachable from this machine kind, so the base image (the Dockerfile's NODE_IMAGE) is
# assembled locally, once: Debian bookworm from the Debian mirror (debootstrap), this machine's Node.js and npm,
# Node's headers (argon2 compiles against them, as in the official image) and the CA bundle the package registry
# is reached through. Needs root, buildah, podman, runc and debootstrap (Debian packages).
#
#   bash deploy/test-image.sh            # or: npm run test:image
#
# Without systemd, podman cannot schedule the HEALTHCHECK by itself (it logs as much); `podman healthcheck run`
# runs it here instead.
#
# Environment: DATABASE_URL (an admin URL of a PostgreSQL server; a database of its own is created and dropped),
# REDIS_URL, REQUIRE_SERVICES=1 (missing tools are a failure, not a skip), IMAGE_WORK_DIR (default /var/tmp).
set -uo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=localhost/piste-node-base:bookworm
IMAGE=localhost/piste:test
CONTAINER=piste-image-test-$$
WORK="${IMAGE_WORK_DIR:-/var/tmp}/piste-image"
DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
RUN_OPTS=(--runtime runc --network host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024)

passed=0
failed=0
check() { # check "what" command…
  local what=$1
  shift
  if "$@" >>"$WORK/checks.log" 2>&1; then
    echo "ok - $what"
    passed=$((passed + 1))
  else
    echo "not ok - $what"
    failed=$((failed + 1))
  fi
}
finish() {
  echo "image: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}
skip() {
  if [ "${REQUIRE_SERVICES:-}" = 1 ]; then
    echo "not ok - the image could not be built here: $*"
    echo "image: 0 passed, 1 failed"
    exit 1
  fi
  echo "skipped: $*"
  exit 77
}

[ "$(id -u)" = 0 ] || skip "building and running containers here needs root"
for tool in buildah podman runc debootstrap psql; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (apt-get install buildah podman runc debootstrap)"
done
mkdir -p "$WORK"
: >"$WORK/checks.log"

build_base() {
  local rootfs="$WORK/rootfs"
  rm -rf "$rootfs"
  echo "== base image: debootstrap bookworm, with this machine's Node.js $(node --version)"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
    {
      tail -20 "$WORK/debootstrap.log"
      return 1
    }
  local node_bin npm_dir headers
  node_bin="$(command -v node)"
  npm_dir="$(npm root -g)/npm"
  headers="$(npm config get nodedir)/include/node"
  install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/local/include"
  cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  cp -a "$headers" "$rootfs/usr/local/include/node"
  install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  # As in the official image: a `node` user (uid 1000) for the app to run as.
  chroot "$rootfs" /usr/sbin/groupadd --gid 1000 node
  chroot "$rootfs" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  local ctr
  ctr="$(buildah from scratch)" || return 1
  buildah copy "$ctr" "$rootfs/" / >/dev/null &&
    buildah config \
      --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
      --env npm_config_cafile=/etc/ssl/certs/ca-certificates.crt \
      --cmd node "$ctr" &&
    buildah commit --quiet --format docker --rm "$ctr" "$BASE_IMAGE" >/dev/null
}

if ! buildah inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
  started=$SECONDS
  build_base || skip "the base image could not be assembled (is the Debian mirror reachable?)"
  echo "   base image ready in $((SECONDS - started)) s"
fi

echo "== build: buildah bud (Dockerfile, NODE_IMAGE=$BASE_IMAGE)"
started=$SECONDS
if ! buildah bud --isolation chroot --network host --pull=never --format docker --layers \
  --build-arg NODE_IMAGE="$BASE_IMAGE" -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
  tail -40 "$WORK/build.log"
  echo "not ok - the image builds"
  failed=$((failed + 1))
  finish
fi
echo "ok - the image builds ($((SECONDS - started)) s)"
passed=$((passed + 1))

db="piste_image_$$"
admin_url="$DATABASE_URL"
psql "$admin_url" -qc "CREATE DATABASE $db" >/dev/null
app_db_url="${admin_url%/*}/$db"
port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
cleanup() {
  podman rm -f "$CONTAINER" >/dev/null 2>&1
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1
}
trap cleanup EXIT

echo "== run: podman run on port $port against PostgreSQL and Redis"
podman run -d --name "$CONTAINER" "${RUN_OPTS[@]}" \
  -e PORT="$port" -e HOST=127.0.0.1 \
  -e DATABASE_URL="$app_db_url" -e REDIS_URL="$REDIS_URL" -e REDIS_KEY_PREFIX="piste-image-$$" \
  -e SESSION_SECRET="image-test-session-secret-$$" -e SEED_DEMO=false \
  "$IMAGE" >/dev/null 2>>"$WORK/checks.log" || {
  echo "not ok - the container starts"
  failed=$((failed + 1))
  finish
}
url="http://127.0.0.1:$port"
ready() { curl -fsS "$url/health/ready" 2>/dev/null | grep -q '"postgres":"up"'; }
for _ in $(seq 1 90); do
  ready && break
  sleep 1
done

check "it answers /health/ready 200 with PostgreSQL and Redis up" \
  bash -c "curl -fsS '$url/health/ready' | tee /dev/stderr | grep -q '\"status\":\"ok\".*\"redis\":\"up\"'"
check "it passes its own HEALTHCHECK" podman healthcheck run "$CONTAINER"
check "it runs as the user node, not root" \
  bash -c "[ \"\$(podman exec $CONTAINER id -un)\" = node ] && [ \"\$(podman exec $CONTAINER id -u)\" != 0 ]"
check "it serves the web app" bash -c "curl -fsS '$url/' | grep -q '<div id=\"root\">'"
check "it signs a fencer up" bash -c "curl -fsS -H 'content-type: application/json' \
  -d '{\"username\":\"image_check\",\"email\":\"image_check@example.com\",\"name\":\"Image Check\",\"password\":\"secret123\"}' \
  '$url/api/register' | grep -q '\"username\":\"image_check\"'"
check "it holds no sources or tests (no .ts outside node_modules, no src/, test/ or e2e/)" \
  podman exec "$CONTAINER" sh -c \
  '[ -z "$(find /app -path /app/node_modules -prune -o \( -name "*.ts" ! -name "*.d.ts" -o -name "*.tsx" -o -type d \( -name src -o -name test -o -name e2e \) \) -print)" ]'
check "it holds no compilers or build tools (gcc, g++, make, python3)" \
  podman exec "$CONTAINER" sh -c '! command -v gcc && ! command -v g++ && ! command -v make && ! command -v python3'

echo "== stop: SIGTERM"
podman stop -t 30 "$CONTAINER" >/dev/null 2>>"$WORK/checks.log"
check "it stops on SIGTERM with exit code 0" \
  bash -c "[ \"\$(podman inspect $CONTAINER --format '{{.State.ExitCode}}')\" = 0 ]"
podman logs "$CONTAINER" 2>&1 | tail -5 >>"$WORK/checks.log"

echo "== the image"
podman image inspect "$IMAGE" --format 'size: {{.Size}} bytes' |
  awk '{ printf "size: %.0f MB\n", $2 / 1000000 }'
podman history --format '{{.Size}}\t{{.CreatedBy}}' "$IMAGE" | cut -c1-150
[ "$failed" -eq 0 ] || {
  echo "-- checks.log"
  tail -40 "$WORK/checks.log"
}
finish
