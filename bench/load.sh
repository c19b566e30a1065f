#!/usr/bin/env bash
# Load test: labpubs and django-publications 1.2.0 under gunicorn (2 workers) on PostgreSQL with
# the 10,000-paper data set, wrk on loopback. Options and what it measures: bench/load_bench.py.
#
#   bench/load.sh                      # 30 s per page, 64 connections, both apps
#   bench/load.sh --cache redis        # the page cache shared in Redis
#   bench/load.sh --quiet-below 1      # first wait for a quiet machine
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  echo "No .venv: python3 -m venv .venv && .venv/bin/pip install -e ." >&2
  exit 1
fi
if ! command -v wrk >/dev/null; then
  echo "installing wrk (Debian package)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null ||
    { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y wrk >/dev/null; }
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
if [[ " $* " == *" redis"* ]] && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 >/dev/null
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
exec .venv/bin/python bench/load_bench.py "$@"
