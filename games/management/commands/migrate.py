"""`migrate` as the owner role, then the service role's grants (rdi_service/db_roles.py).

The processes connect as the service role, which may not create or alter anything; the
schema belongs to the owner of DATABASE_OWNER_URL. Re-granting after every migration keeps a
table added by a later migration from being forgotten (or left writable beyond its policy).
"""
from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

from rdi_service import db_roles


class Command(DjangoMigrate):
    help = DjangoMigrate.help + " Runs as the owner role (DATABASE_OWNER_URL), then grants the service role its privileges."

    def handle(self, *args, **options):
        connection = connections[options["database"]]
        service = db_roles.service_user()
        with db_roles.as_owner(connection):
            super().handle(*args, **options)
            if service != db_roles.owner_user():
                with connection.cursor() as cursor:
                    db_roles.grant(cursor, service)
