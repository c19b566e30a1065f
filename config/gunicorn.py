"""Gunicorn settings: ``gunicorn -c config/gunicorn.py config.wsgi``.

Read from the environment like the Django settings (docs/deploy.md): ``GUNICORN_BIND``
(default 127.0.0.1:8000, for nginx in front on the same machine), ``WEB_CONCURRENCY``
(worker processes; default two per core plus one), ``GUNICORN_TIMEOUT`` (seconds) and
``GUNICORN_MAX_REQUESTS`` (requests a worker serves before it is replaced).
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1) + 1))
# Sync workers: nginx buffers slow clients, and each request is short CPU and SQL work.
worker_class = "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
# A worker keeps the memory its largest request took (Python frees objects, not the heap they
# grew): after max_requests requests (and up to a tenth more, so that the workers are not all
# replaced at once) a fresh one takes its place. A fresh worker starts with an empty page
# cache when the cache is each process's own: at the 900 cached pages a second that two
# workers serve (docs/deploy.md), each is replaced about every 20 s; at a lab's few requests a
# second, after hours. 0: never.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "10000"))
max_requests_jitter = max_requests // 10
# nginx logs the requests; gunicorn's own messages go to stderr, Django's logs to stdout.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
# The worker's temporary files in memory, not on a disk that may be slow.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
