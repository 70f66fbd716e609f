# syntax=docker/dockerfile:1
# Testbed Monitor: build the TypeScript in one stage, run the compiled bot (dist/) with runtime
# dependencies only in the next. Settings come from the environment (docker run --env-file …);
# the JSON documents and the feedback log live in the /data volume.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# The sources are not here yet, so the install skips the `prepare` build; `npm run build` follows.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# Runtime dependencies only. `fs-ext` (the kernel lock on the store's lock file) is a native addon,
# so this stage has the compiler it needs; the runtime stage gets the built node_modules without it.
FROM ${NODE_IMAGE} AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm rebuild fs-ext

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    TESTBED_DB_NAME=/data/testbeds.json \
    BROADCAST_DB_NAME=/data/broadcast_rooms.json \
    FEEDBACK_LOG=/data/feedback.log
# The lean runtime settings of deploy/runtime.env (V8 heap sizes, malloc), for a small resident set.
ENV NODE_OPTIONS="--max-semi-space-size=2 --max-old-space-size=256" \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=65536 \
    MALLOC_MMAP_THRESHOLD_=65536
WORKDIR /app
COPY package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
# The image's unprivileged `node` user (uid 1000) runs the bot.
USER node
VOLUME ["/data"]
EXPOSE 8080
# Healthy while the bot's socket to the platform is connected; uses HEALTH_PORT (default 8080) and needs no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||8080)+'/health',{signal:AbortSignal.timeout(4000)}).then(r=>r.json()).then(b=>process.exit(b.status==='healthy'?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
