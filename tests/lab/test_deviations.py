"""lab/deviations.py: where the search overrules the heuristic, counted (docs/lab/ai-notes.md, "heuristic@9 and mcts@10")."""
from lab import deviations


def test_a_bot_never_overrules_itself():
    assert not deviations.play(0, 5, "heuristic")


def test_what_differs_is_counted_by_what_was_asked_and_what_each_chose():
    found = deviations.play(1, 5, "random")
    assert sum(found.values()) > 10
    assert all(mine != theirs and n >= 1 for (_, mine, theirs), n in found.items())
    assert {"phase:discard", "phase:action"} <= {what for what, _, _ in found}
    assert any(what.startswith("respond to ") for what, _, _ in found)
    assert any(mine.startswith(("play ", "pass", "discard ", "keep the hand")) for _, mine, _ in found)


def test_by_effect_word_the_copies_of_a_kind_of_card_are_one_pair():
    by_card, by_effect = deviations.play(1, 5, "random"), deviations.play(1, 5, "random", True)
    assert sum(by_card.values()) == sum(by_effect.values()) and len(by_effect) <= len(by_card)
    assert any("play damage" in mine or "play damage" in theirs for _, mine, theirs in by_effect)
