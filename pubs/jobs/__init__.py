"""Background jobs, run by the worker (``manage.py worker``) off the web request.

django-tasks with its database backend: a job is a row of the database, enqueued in the
transaction of the request that asks for it, kept when the worker stops, and taken back by
the worker when it starts again after being killed (pubs.jobs.worker). Each job does its
writing in one transaction, so one killed midway leaves nothing half-written and runs again.
"""
