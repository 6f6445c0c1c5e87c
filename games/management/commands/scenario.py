"""python manage.py scenario run FILE...

Runs scenario files (format: docs/scenarios.md) through games.engine.core.scenario.run_file and
prints one line per file: ``ok`` or ``FAIL`` with the step and the unmet expectation.
Exits non-zero if any file failed.
"""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Run scenario files; one line per file; exit 1 if any failed."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True, metavar="run")
        run = sub.add_parser("run", help="run scenario files")
        run.add_argument("files", nargs="+", metavar="FILE", help="scenario JSON files (or folders of them)")

    def handle(self, *args, action, files, **options):
        from games.engine.core.scenario import ScenarioFailure, run_file

        paths = []
        for name in files:
            path = Path(name)
            if path.is_dir():
                paths.extend(sorted(path.rglob("*.json")))
            else:
                paths.append(path)
        if not paths:
            raise CommandError("no scenario files given")

        failed = 0
        for path in paths:
            try:
                run_file(str(path))
            except ScenarioFailure as failure:
                failed += 1
                message = str(failure)
                if message.startswith(f"{path}: "):  # the engine may already name the file
                    message = message[len(f"{path}: "):]
                self.stdout.write(f"FAIL {path}: {message}")
            except Exception as exc:  # a broken file or an engine crash is a failure too
                failed += 1
                self.stdout.write(f"FAIL {path}: {type(exc).__name__}: {exc}")
            else:
                self.stdout.write(f"ok   {path}")
        self.stdout.write(f"{len(paths) - failed} passed, {failed} failed")
        if failed:
            raise CommandError(f"{failed} of {len(paths)} scenarios failed", returncode=1)
