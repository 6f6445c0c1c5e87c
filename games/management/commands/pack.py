"""python manage.py pack check FILE [FILE...] — every problem of each pack file (file, card,
field, message), or a short summary of a good one; exits 1 on any problem.
python manage.py pack list — the installed packs (folder and uploads) and whether they can be played.

A pack that is not a base pack is checked on top of a base pack: one given on the same
command line, else the packs folder's `base` pack (docs/packs.md)."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games import engine
from games.packs import check, registry


class Command(BaseCommand):
    help = "Check content pack files, or list the installed packs (docs/packs.md)."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        p = sub.add_parser("check", help="Report every problem of each pack file; exit 1 on any.")
        p.add_argument("files", nargs="+", metavar="FILE")
        sub.add_parser("list", help="The installed packs and their problems.")

    def handle(self, *args, action, files=None, **options):
        if action == "list":
            return self.list()
        docs = []
        bad = 0
        for name in files:
            doc, problems = check.read(Path(name), name)
            docs.append((name, doc, problems))
        base = self.base(docs)
        for name, doc, problems in docs:
            if doc is not None:
                problems = check.check(doc, file=name, base=[base])
            if problems:
                bad += 1
                self.stdout.write(f"{name}: {len(problems)} problem{'s' * (len(problems) != 1)}")
                for p in problems:
                    self.stdout.write(f"  {registry.describe(p)}")
            else:
                self.stdout.write(f"{name}: OK")
                self.summary(check.summary(doc))
        if bad:
            raise CommandError(f"{bad} of {len(docs)} pack files have problems; fix them and check again.")

    def base(self, docs) -> dict:
        """A problem-free base pack named on the command line, else the packs folder's, else the
        engine's own (no database needed)."""
        for name, doc, problems in docs:
            if doc is not None and not problems and doc.get("pack", {}).get("kind") == "base" \
                    and not check.check(doc, file=name, playout=False):
                return doc
        pack = registry.installed(uploads=False).get(registry.BASE_ID)
        return pack.document if pack is not None and pack.ok else engine.BASE_PACK

    def summary(self, s):
        head = s["pack"]
        self.stdout.write(f"  pack {head['id']} v{head['version']}: {head['title']} ({head['kind']})")
        self.stdout.write(f"  characters: {', '.join(s['characters']) or 'none'}")
        for deck, d in s["decks"].items():
            self.stdout.write(f"  deck {deck} ({d['kind']}): {d['cards']} cards, {d['copies']} copies")
        used = ", ".join(f"{k} ×{n}" for k, n in s["primitives"].items()) or "none"
        self.stdout.write(f"  mechanics: {used}")
        if s["hooks"] or s["tokens"]:
            self.stdout.write(f"  hooks: {', '.join(s['hooks']) or 'none'}; tokens: {', '.join(s['tokens']) or 'none'}")

    def list(self):
        packs = registry.installed()
        if not packs:
            self.stdout.write(f"No packs installed (folder {registry.folder()}).")
        for pack in packs.values():
            head = pack.header
            state = "OK" if pack.ok else f"{len(pack.problems)} problems"
            self.stdout.write(f"{pack.id} v{head.get('version', '?')} ({head.get('kind', '?')}) from {pack.source}: "
                              f"{state}")
            for p in pack.problems:
                self.stdout.write(f"  {registry.describe(p)}")
