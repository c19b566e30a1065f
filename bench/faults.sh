#!/usr/bin/env bash
# Fault test: PostgreSQL restarted in the middle of a load on the app; prints a timeline of good
# answers and errors per second and checks that the app recovered by itself. Options and what
# it checks: bench/fault_bench.py. It restarts the PostgreSQL cluster: whatever else uses it
# at that moment (other test runs) is disturbed.
# With --redis: the page cache's Redis (a private redis-server) killed and hung under load
# instead; no 5xx allowed. Options: bench/cache_fault_bench.py. It disturbs nothing else.
#
#   bench/faults.sh              # restart (a second or two down)
#   bench/faults.sh --down 5     # stopped for 5 seconds
#   bench/faults.sh --redis      # Redis killed for 5 s, then hung for 5 s
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  echo "No .venv: python3 -m venv .venv && .venv/bin/pip install -e ." >&2
  exit 1
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if [ "${1:-}" = "--redis" ]; then
  shift
  exec .venv/bin/python bench/cache_fault_bench.py "$@"
fi
exec .venv/bin/python bench/fault_bench.py "$@"
