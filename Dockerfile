# One image for the four services; docker-compose picks the entry point per service.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY projections/package.json projections/
COPY query-service/package.json query-service/
COPY ocpp-gateway/package.json ocpp-gateway/
COPY launcher/package.json launcher/
COPY simulator/package.json simulator/
COPY frontend/package.json frontend/
COPY tests/package.json tests/
RUN npm ci

FROM deps AS frontend
COPY contracts contracts
COPY frontend frontend
COPY scripts scripts
RUN node scripts/ensure-frontend.mjs --force

FROM deps AS services
COPY contracts contracts
COPY platform platform
COPY command-service command-service
COPY projections projections
COPY query-service query-service
COPY ocpp-gateway ocpp-gateway
ENV NODE_ENV=production
USER node
# SERVICE is command-service | query-service | projections | ocpp-gateway
CMD ["sh", "-c", "exec node --import tsx ${SERVICE}/src/main.ts"]

FROM nginx:1.27-alpine AS proxy
COPY deploy/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=frontend /app/frontend/dist /usr/share/nginx/html
