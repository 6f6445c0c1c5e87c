"""python manage.py verify_export FILE [FILE...]: check exported games (JSON lines) without
the database: the hash chain, the seed commitment and every state_hash after a re-fold.
Exits 1 when any file fails, naming its first bad seq."""
import json
import sys

from django.core.management.base import BaseCommand

from replay.offline import verify_export_bytes


class Command(BaseCommand):
    help = "Verify exported game files: hash chain, seed commitment and a re-fold checking every state_hash."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="export files (JSON lines); - reads standard input")
        parser.add_argument("--json", action="store_true", help="print one JSON result per file")

    def handle(self, *args, **options):
        failed = 0
        for name in options["files"]:
            try:
                data = sys.stdin.buffer.read() if name == "-" else open(name, "rb").read()
            except OSError as exc:
                self.stderr.write(f"{name}: cannot read it ({exc.strerror}).")
                failed += 1
                continue
            result = verify_export_bytes(data)
            if options["json"]:
                self.stdout.write(json.dumps({"file": name, **result.as_dict()}))
            elif result.ok:
                self.stdout.write(f"{name}: ok: game {result.game}, {result.events} events, rules "
                                  f"{result.rules_version}: chain, seed commitment and every state_hash check out.")
            else:
                where = f"first bad seq {result.first_bad_seq}: " if result.first_bad_seq is not None else ""
                self.stdout.write(f"{name}: FAIL: {where}{result.problem}")
            for note in result.notes:
                self.stdout.write(f"{name}: note: {note}")
            failed += not result.ok
        if failed:
            sys.exit(1)
