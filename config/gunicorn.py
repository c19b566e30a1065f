"""Gunicorn settings: ``gunicorn -c config/gunicorn.py config.wsgi``.

Read from the environment like the Django settings (docs/deploy.md): ``GUNICORN_BIND``
(default 127.0.0.1:8000, for nginx in front on the same machine), ``WEB_CONCURRENCY``
(worker processes; default two per core plus one) and ``GUNICORN_TIMEOUT`` (seconds).
"""

import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").split(",")
workers = int(os.environ.get("WEB_CONCURRENCY", 2 * (os.cpu_count() or 1) + 1))
# Sync workers: nginx buffers slow clients, and each request is short CPU and SQL work.
worker_class = "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 30
# nginx logs the requests; gunicorn's own messages go to stderr, Django's logs to stdout.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
# The worker's temporary files in memory, not on a disk that may be slow.
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
