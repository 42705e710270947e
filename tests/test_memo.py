"""The identity memory shared by measures, sheet plans and artwork spans."""

from boardgen.memo import MISSING, IdentityMemo


def test_an_answer_is_kept_for_the_same_object_not_an_equal_one():
    memo: IdentityMemo[str] = IdentityMemo(8)
    first, equal = ("a", 1), tuple(["a", 1])
    assert first == equal and first is not equal
    calls = []
    assert memo.recall((first,), lambda: calls.append(1) or "answer") == "answer"
    assert memo.recall((first,), lambda: calls.append(1) or "again") == "answer"
    assert memo.get((equal,)) is MISSING
    assert calls == [1]


def test_plain_values_beside_the_objects_keep_answers_apart():
    memo: IdentityMemo[int] = IdentityMemo(8)
    thing = object()
    memo.put((thing,), 1, also=("a4",))
    memo.put((thing,), 2, also=("a3",))
    assert memo.get((thing,), also=("a4",)) == 1
    assert memo.get((thing,), also=("a3",)) == 2
    assert memo.get((thing,)) is MISSING


def test_an_id_taken_over_by_a_new_object_finds_nothing():
    memo: IdentityMemo[str] = IdentityMemo(8)
    kept = object()
    memo.put((kept,), "old")
    # A stand-in with the same id: the entry holds its own object, so it is not fooled.
    impostor = object()
    memo._kept[(id(impostor),)] = memo._kept.pop((id(kept),))
    assert memo.get((impostor,)) is MISSING


def test_the_memory_starts_afresh_when_full():
    memo: IdentityMemo[int] = IdentityMemo(3)
    things = [object() for _ in range(4)]
    for number, thing in enumerate(things):
        memo.put((thing,), number)
    assert len(memo._kept) == 1 and memo.get((things[3],)) == 3
    assert all(memo.get((thing,)) is MISSING for thing in things[:3])
