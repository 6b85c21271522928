#!/usr/bin/env bash
# The whole test command: typecheck, import rules, unit, API (SQLite, and PostgreSQL when reachable)
# and browser tests in real Chromium against the real server.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "generate forms"
npx tsx scripts/compile-forms.ts
step "typecheck"
npx tsc -p tsconfig.json --noEmit
step "import cycles"
npx madge --circular --warning --extensions ts,tsx --ts-config tsconfig.json core plugins site-configs
step "unit tests"
# unit tests are single-threaded: every core runs test files (vitest leaves one idle by default)
npx vitest run --project unit --maxWorkers=100%
step "API tests"
npx vitest run --project api
step "browser tests"
npx vitest run --project e2e
