"""The bots' laboratory: research scripts that play, measure and fit today's bots.

The service never imports this package (tests/test_lab_apart.py checks it): a table, a replay
or a fork plays only today's bots (``games.ai.BOTS``). What only an experiment needs lives
here: the logistic leaf values of mcts@5 to mcts@11 and mcts@4's hand-made one
(``lab/evaluation.py``), search variants built from them (``lab/variants.py``), and the scripts,
each run from the repository's root with the service's venv (``--help`` for its options):

- ``lab/fit_trees.py``: fits the search's leaf value, writing games/ai/data/value-trees.json;
- ``lab/fit_evaluation.py``: fits the logistic values of lab/evaluation.py;
- ``lab/search_ceiling.py``: the search told what it cannot see (with ``lab/hand_inference.py``);
- ``lab/deviations.py``: where the search overrules the heuristic, counted;
- ``lab/tune_keep.py``: the heuristic's keep-worths tuned by self-play.

An older bot version (mcts@4 to mcts@12, heuristic@5 to heuristic@8) is no longer in the
service. It comes back from the git tag ``bots-before-lab`` (commit 0ea10e2), where each was playable by its
label beside today's (its heuristic@9 and mcts@13 decide as today's: tests/ai/test_bot_versions.py
pins the same hashes). For an A/B run, check the tag out beside the work tree and play there,
e.g. mcts@12 against today's mcts::

    git worktree add /tmp/old bots-before-lab
    cd /tmp/old && <this checkout>/.venv/bin/python manage.py tournament --a mcts@12 --b mcts --games 200
    git worktree remove /tmp/old

The tests of the lab are under tests/lab/ (marked ``lab`` by path)::

    bin/test tests/lab -q
"""
