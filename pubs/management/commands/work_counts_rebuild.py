from django.core.management.base import BaseCommand

from pubs.services.work_counts import work_counts_rebuild


class Command(BaseCommand):
    help = (
        "Recount the work counts that the public pages read (every list, every person, every "
        "group) and mark them current: after a write made outside the services (loaddata, "
        "the shell), or once after upgrading."
    )

    def handle(self, *args, **options) -> None:
        work_counts_rebuild()
        self.stdout.write(self.style.SUCCESS("Work counts rebuilt."))
