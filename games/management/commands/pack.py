"""python manage.py pack check FILE [FILE...] — every problem of each pack file (file, card,
field, message), or a short summary of a good one; exits 1 on any problem.
python manage.py pack list — the installed packs (folder and uploads) and whether they can be played.
python manage.py pack install FILE [FILE...] — check each file like an admin upload and install
it as an upload (replacing the upload of the same id); nothing is installed from a file with a problem.
python manage.py pack remove ID [ID...] — uninstall uploads (started games keep their content).

A pack that is not a base pack is checked on top of a base pack: one given on the same
command line, else the packs folder's `base` pack; an add-on (`"requires": [...]`) on top of
the packs it requires, from the same command line, else installed (docs/packs.md)."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from games import engine
from games.packs import check, registry


class Command(BaseCommand):
    help = "Check content pack files, or list the installed packs (docs/packs.md)."

    def add_arguments(self, parser):
        sub = parser.add_subparsers(dest="action", required=True)
        p = sub.add_parser("check", help="Report every problem of each pack file; exit 1 on any.")
        p.add_argument("files", nargs="+", metavar="FILE")
        sub.add_parser("list", help="The installed packs and their problems.")
        p = sub.add_parser("install", help="Check pack files and install them as uploads; exit 1 on any problem.")
        p.add_argument("files", nargs="+", metavar="FILE")
        p = sub.add_parser("remove", help="Uninstall uploaded packs by id.")
        p.add_argument("ids", nargs="+", metavar="ID")

    def handle(self, *args, action, files=None, ids=None, **options):
        if action == "list":
            return self.list()
        if action == "install":
            return self.install(files)
        if action == "remove":
            return self.remove(ids)
        docs = []
        bad = 0
        for name in files:
            doc, problems = check.read(Path(name), name)
            docs.append((name, doc, problems))
        base = self.base(docs)
        need = any(registry.requires(doc) for _, doc, _ in docs if doc is not None)
        packs = {**(self.installed() if need else {}), **{check.pack_id(doc): registry.Installed(check.pack_id(doc), name, doc)
                                        for name, doc, problems in docs if doc is not None and not problems}}
        for name, doc, problems in docs:
            if doc is not None:
                under, missing = registry.beneath(doc, name, packs)
                problems = (check.schema_problems(doc, file=name) + missing if missing
                            else check.check(doc, file=name, base=[base, *under]))
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

    def installed(self) -> dict:
        """The installed packs an add-on may require: folder and uploads, the folder's alone
        when there is no database to ask."""
        try:
            return registry.installed()
        except DatabaseError:
            return registry.installed(uploads=False)

    def install(self, files):
        from games.models import UploadedPack

        bad = 0
        for name in files:
            doc, problems = check.read(Path(name), name)
            if doc is not None:
                old = UploadedPack.objects.filter(pack_id=check.pack_id(doc)).first()
                problems = registry.judge_new(doc, name, replacing=old and f"upload #{old.pk}")
            if problems:
                bad += 1
                self.stdout.write(f"{name}: {len(problems)} problem{'s' * (len(problems) != 1)}; not installed")
                for p in problems:
                    self.stdout.write(f"  {registry.describe(p)}")
                continue
            head = doc["pack"]
            up, created = UploadedPack.objects.update_or_create(
                pack_id=head["id"], defaults={"document": doc, "title": head["title"], "version": head["version"],
                                              "kind": head["kind"]})
            self.stdout.write(f"{name}: installed {head['id']} v{head['version']} as upload #{up.pk}"
                              f"{'' if created else ' (replacing the previous upload)'}")
        if bad:
            raise CommandError(f"{bad} of {len(files)} pack files have problems and were not installed.")

    def remove(self, ids):
        from games.models import UploadedPack

        missing = [i for i in ids if not UploadedPack.objects.filter(pack_id=i).exists()]
        if missing:
            raise CommandError(f"No upload has the id {', '.join(missing)}; `pack list` shows the installed packs "
                               "(a folder pack is removed by deleting its file).")
        UploadedPack.objects.filter(pack_id__in=ids).delete()
        for pack in registry.installed().values():
            if set(registry.requires(pack.document)) & set(ids):
                self.stdout.write(f"{pack.id} requires a removed pack and cannot be played until it is back.")
        self.stdout.write(f"Removed {', '.join(ids)}.")

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
        for pack in registry.installed().values():     # never empty: the base is built in
            head = pack.header
            state = "OK" if pack.ok else f"{len(pack.problems)} problems"
            self.stdout.write(f"{pack.id} v{head.get('version', '?')} ({head.get('kind', '?')}) from {pack.source}: "
                              f"{state}")
            for p in pack.problems:
                self.stdout.write(f"  {registry.describe(p)}")
