"""Words that depend on a count or a list: "1 die", "2 dice", "5 kostek"; "a, b and c".

Plural forms are the CLDR plural categories (:mod:`boardgen.rules.grammar`, from Babel):
English and German tell ``one`` from ``other``; Polish tells ``one``, ``few`` (2–4, 22–24,
... but not 12–14) and ``many``. A word with forms is a table of them in the catalogue or the layout's
labels (``part.die.name.one``, ``.few``, ``.many``, ``.other``). The catalogues give all
four in every language, so every language has the same keys; those a language does not
tell repeat its ``other`` (English, German) or ``many`` (Polish) form.
"""

from __future__ import annotations

from boardgen.i18n import Words

# The grammar (Babel's CLDR data) is imported where a word is counted or a list spoken:
# loading a layout, as check and analyse do, draws no words.


def counted(words: Words, key: str, count: int, **values) -> str:
    """The form of the word ``key`` for ``count`` (``{count}`` may appear in it)."""
    from boardgen.rules.grammar import plural_category

    category = plural_category(count, words.lang)
    for form in (category, "other", "many"):
        if f"{key}.{form}" in words:
            return words(f"{key}.{form}", count=count, **values)
    return words(key, count=count, **values)


def spoken_list(words: Words, items) -> str:
    """``a, b and c`` in the kit's language, by its CLDR list pattern."""
    from boardgen.rules.grammar import and_list

    return and_list([str(item) for item in items], words.lang)


def spoken_alternatives(words: Words, items) -> str:
    """``a, b or c`` in the kit's language, by its CLDR list pattern."""
    from boardgen.rules.grammar import or_list

    return or_list([str(item) for item in items], words.lang)


def number_ranges(numbers) -> str:
    """``3–5, 8, 10`` : numbers with runs of three or more joined by a dash."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run))
                     for run in runs)
