#!/usr/bin/env bash
# Fails when a test run's `-rs` summary ($1) holds a skip for missing data: the card data ships with
# Muster, so the only data a test may miss is the rule documents of ../shared. The other skips
# allowed are the tests that need PostgreSQL's row locks or a database shared between threads,
# which run in CI's PostgreSQL pass.
set -euo pipefail
allowed="the rule documents in ../shared are absent|needs PostgreSQL|an in-memory SQLite database"
others="$(grep '^SKIPPED' "$1" | grep -Ev "$allowed" || true)"
if [ -n "$others" ]; then
  echo "Tests skipped for a reason CI does not allow:"
  echo "$others"
  exit 1
fi
echo "skips: $(grep -c '^SKIPPED' "$1" || true) summary line(s), none for missing data"
