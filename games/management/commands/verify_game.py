"""python manage.py verify_game ID [ID...] — check the hash chain, the seed commitment and a
full re-fold of each game; prints the first bad seq and exits 1 if any game fails."""
from django.core.management.base import BaseCommand, CommandError

from games.log_reads import reading_the_log
from games.models import Game
from replay.verification import verify_game


class Command(BaseCommand):
    help = "Verify stored games: hash chain, seed commitment, re-fold of every event against its state_hash."

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="+", type=int, metavar="ID")

    def handle(self, *args, game_ids, **options):
        failed = 0
        for game_id in game_ids:
            seq = Game.objects.filter(pk=game_id).values_list("seq", flat=True).first()
            if seq is None:
                raise CommandError(f"There is no game {game_id}.")
            with reading_the_log(game_id, seq):
                result = verify_game(game_id)
            if result.ok:
                seed = "seed revealed and matches its commitment" if result.seed_revealed else "seed still secret"
                self.stdout.write(f"game {game_id}: OK, {result.events} events (seq 0..{result.last_seq}), "
                                  f"chain and state hashes match; {seed}")
            else:
                failed += 1
                where = "" if result.first_bad_seq is None else f" first bad seq {result.first_bad_seq}:"
                self.stdout.write(f"game {game_id}: FAILED{where} {result.problem}")
        if failed:
            raise CommandError(f"{failed} of {len(game_ids)} games failed verification.")
