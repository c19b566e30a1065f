"""Set up the demo (database, demo data, an admin login and one login of each role) and serve
it, with a worker beside the development server (a child process running ``manage.py
worker``, stopped when the server stops; ``--no-worker`` to run none). Production runs its
worker as a unit of its own (docs/deploy.md)."""

import secrets
import signal
import subprocess
import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AuthGroup
from django.core.management import call_command
from django.core.management.base import BaseCommand

from people.models import Group, Person
from pubs.permissions import GROUP_EDITOR, MEMBER, roles_install
from pubs.services.papers import catalogue_install
from pubs.services.work_counts import work_counts_rebuild
from pubs.venues.catalogue import load_catalogue


class Command(BaseCommand):
    help = (
        "Create the database, load the demo data, reset the 'admin' login with a new "
        "password (printed), then serve the app at ADDRPORT."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--no-serve", action="store_true", help="Set everything up, then exit.")
        parser.add_argument("--username", default="admin")
        parser.add_argument(
            "--no-worker", action="store_true", help="Serve without running the jobs' worker."
        )

    def handle(
        self, *args, addrport: str, no_serve: bool, username: str, no_worker: bool, **options
    ) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        # The CCF catalogue first (the same as `loaddata ccf_venues`, in bulk), then the
        # demo data, whose venues are the catalogue's.
        catalogue, _ = load_catalogue()
        catalogue_install(venues=catalogue)
        call_command("loaddata", "demo", verbosity=0)
        work_counts_rebuild()  # loaddata writes past the services that keep the counts
        roles_install()
        password = secrets.token_urlsafe(12)
        self._login(username, password, superuser=True)
        # One login of each role, to see what they may do: the editor of the first group,
        # and a member who is the group's first current member.
        group = Group.objects.order_by("pk").first()
        editor = self._login("editor", password, role=GROUP_EDITOR)
        group.editors.add(editor)
        member = self._login("member", password, role=MEMBER)
        person = Person.objects.filter(memberships__group=group).order_by("pk").first()
        Person.objects.filter(user=member).exclude(pk=person.pk).update(user=None)
        person.user = member
        person.save(update_fields=["user"])
        host = addrport if ":" in addrport else f"127.0.0.1:{addrport}"
        self.stdout.write(
            self.style.SUCCESS("Demo data loaded.")
            + f"\n  Site:  http://{host}/"
            + f"\n  Admin: http://{host}/admin/  user: {username}  password: {password}"
            + f"\n  The same password for 'editor' (edits {group}) and 'member' ({person}).\n"
        )
        if no_serve:
            return
        worker = None if no_worker else self._start_worker()
        # Stopped by its process manager, the server stops as on Ctrl+C, and so its worker.
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        try:
            # No autoreloader: it would run this command again and print another password.
            call_command("runserver", addrport, use_reloader=False)
        finally:
            if worker is not None:
                worker.terminate()  # it finishes the job it runs, then stops
                worker.wait()

    def _start_worker(self) -> subprocess.Popen:
        """``manage.py worker`` in a process of its own, on the same settings."""
        manage = Path(__file__).resolve().parents[3] / "manage.py"
        self.stdout.write("The worker runs beside the site (manage.py worker).\n")
        return subprocess.Popen([sys.executable, str(manage), "worker"])

    def _login(self, username: str, password: str, *, superuser: bool = False, role: str = ""):
        user, _ = get_user_model().objects.get_or_create(username=username)
        user.is_staff = user.is_active = True
        user.is_superuser = superuser
        user.set_password(password)
        user.save()
        if role:
            user.groups.set([AuthGroup.objects.get(name=role)])
        return user
