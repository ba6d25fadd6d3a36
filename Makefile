# The commands a person types. Every target works from any directory (make -C or -f).
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
MAKEFILE_DIR := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))

export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/portal
export REDIS_URL ?= redis://127.0.0.1:6379
export PORT ?= 3000
export CHROMIUM_PATH ?= /usr/bin/chromium

COMPOSE := docker compose -f "$(MAKEFILE_DIR)docker-compose.yml"
NPX := npx --no --

.DEFAULT_GOAL := help
.PHONY: help deps env services chromium prometheus prometheus-local start dev test bench soak up down lint typecheck format

help:
	@echo "make start      install deps, start PostgreSQL/Redis, migrate, seed, build, run API + worker on PORT ($(PORT))"
	@echo "make dev        same services, then API and worker in watch mode and both Vite dev servers"
	@echo "make test       typecheck, lint, format check, all vitest projects (unit, int, e2e)"
	@echo "make bench      performance ratios (see QUALITY.md)"
	@echo "make prometheus-local  a real Prometheus with the alert rules against the running API and worker"
	@echo "make soak       10 minutes of mixed load: memory and event-loop delay per minute"
	@echo "make up / down  the docker compose stack (Compose 2.24+; writes .env with generated secrets)"
	@echo "make lint | typecheck | format"

# A local .env with development defaults on first run (never committed; production sets real values).
env:
	@cd "$(MAKEFILE_DIR)" && if [ ! -f .env ]; then cp .env.example .env && echo "created .env from .env.example"; fi

deps:
	bash "$(MAKEFILE_DIR)ops/ensure-deps.sh"

services:
	bash "$(MAKEFILE_DIR)ops/services.sh"

chromium:
	bash "$(MAKEFILE_DIR)ops/ensure-chromium.sh"

prometheus:
	bash "$(MAKEFILE_DIR)ops/ensure-prometheus.sh"

# Prometheus on 127.0.0.1:9090 scraping the API (PORT) and the worker (9465); see docs/OPERATIONS.md.
prometheus-local: prometheus
	bash "$(MAKEFILE_DIR)ops/prometheus-local.sh"

# Not NODE_ENV=production: local cookies must work over plain http. SERVE_BUNDLES=1 makes the
# API serve the built partner and admin bundles on the same origin.
start: deps env services
	cd "$(MAKEFILE_DIR)" && npm run migrate && npm run seed && npm run build
	cd "$(MAKEFILE_DIR)" && SERVE_BUNDLES=1 $(NPX) concurrently -k -n api,worker "npm run start:api" "npm run start:worker"

dev: deps env services
	cd "$(MAKEFILE_DIR)" && npm run migrate && npm run seed
	cd "$(MAKEFILE_DIR)" && $(NPX) concurrently -k -n api,worker,partner,admin \
	  "npm run dev:api" "npm run dev:worker" "npm run dev -w @portal/partner" "npm run dev -w @portal/admin"

test: deps services chromium prometheus
	cd "$(MAKEFILE_DIR)" && npm run typecheck
	cd "$(MAKEFILE_DIR)" && npm run lint
	cd "$(MAKEFILE_DIR)" && npm run format:check
	cd "$(MAKEFILE_DIR)" && npm run build
	cd "$(MAKEFILE_DIR)" && $(NPX) vitest run --project unit --project int
	cd "$(MAKEFILE_DIR)" && $(NPX) vitest run --project e2e

# The bench measures the built bundles too: build them first.
bench: deps env services
	cd "$(MAKEFILE_DIR)" && npm run build && npm run bench

# Ten minutes of mixed reads and commands: memory and event-loop delay over time.
soak: deps env services
	cd "$(MAKEFILE_DIR)" && npm run bench:soak

# Docker Compose 2.24 or later; writes .env with generated secrets when missing (ops/compose-up.sh).
up:
	bash "$(MAKEFILE_DIR)ops/compose-up.sh"

down:
	$(COMPOSE) down

lint: deps
	cd "$(MAKEFILE_DIR)" && npm run lint

typecheck: deps
	cd "$(MAKEFILE_DIR)" && npm run typecheck

format: deps
	cd "$(MAKEFILE_DIR)" && npm run format
