# The portal as a container image: Next.js's standalone output on Node 22 LTS.
# Not built on the development machines (no image registry is reachable there, see docs/operating.md); the
# same topology runs there as processes (npm run cluster).
#
#   docker build -t ce-portal .                       # the portal
#   docker build -t ce-portal-nginx --target nginx .  # nginx with deploy/nginx.conf and the build's static files

FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# next.config.mjs turns on output: 'standalone' with this (not by default: `next start` warns about it).
RUN NEXT_OUTPUT=standalone npx next build

FROM node:22-bookworm-slim AS portal
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0
# ffmpeg cuts the trial renditions of uploaded course videos.
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# Read at run time from the working folder, so not found by the build's file tracing.
COPY --from=build /app/lib/server/db/migrations ./lib/server/db/migrations
COPY --from=build /app/assets ./assets
COPY --from=build /app/scripts/lib/preload.cjs ./scripts/lib/preload.cjs
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/home').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--require", "./scripts/lib/preload.cjs", "server.js"]

FROM nginx:1.27-bookworm AS nginx
COPY deploy/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/.next/static /srv/portal/next-root/_next/static
