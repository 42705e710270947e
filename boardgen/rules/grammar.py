"""The grammar a rule text needs, from CLDR data: plural forms, number words and lists.

Rule texts once carried their own grammar (the Polish plural rule written out in five texts,
tables of number words, "a, b and c" joined by hand). Here it comes from the Unicode CLDR:
plural rules and list patterns as Babel carries them, number words from CLDR's spell-out
rules as unicode-rbnf carries them. A text names the word forms; these functions pick among
them, so a language boardgen learns brings its grammar with it.

Every function takes the language code a kit prints in (``en``, ``de``, ``fr``, ``pl``) and
raises GrammarError, whose message speaks to the author of a rule text, for a value it cannot
use. The CLDR locale of a language is its catalogue's ``[language] locale``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Iterable

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
if TYPE_CHECKING:
    from unicode_rbnf import RbnfEngine

from boardgen import languages

PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")  # CLDR's order
COUNTS_CHECKED = range(200)  # the categories these counts fall in must each have a form
# Numbers up to twelve are written as words, larger ones as digits (Duden's rule, and the
# English style guides' ten or twelve): "zwölf Felder" but "20 Felder".
WORDS_UP_TO = 12
GENDERS = {"m": "masculine", "f": "feminine", "n": "neuter", "masculine": "masculine",
           "feminine": "feminine", "neuter": "neuter", "personal": "personal"}
CASES = ("nominative", "accusative", "genitive", "dative", "instrumental", "locative")
SPELL_OUT = "spellout-cardinal"
COUNTING = "spellout-numbering"  # the form for counting aloud: "eins", "jeden"
# CLDR names German numerals by their ending (ein, eine, einen, einem, einer, eines), not by
# case: the ending each gender takes in each case, where it is not the nominative's.
GERMAN_ENDINGS = {("masculine", "accusative"): "n", ("masculine", "dative"): "m",
                  ("neuter", "dative"): "m", ("feminine", "dative"): "r",
                  ("masculine", "genitive"): "s", ("neuter", "genitive"): "s",
                  ("feminine", "genitive"): "r"}


class GrammarError(ValueError):
    """A value a grammar function cannot use; the message names what it takes instead."""


def locale(lang: str) -> Locale:
    """The CLDR locale of a language code: the one its catalogue names, else the code's."""
    found = languages.language(lang)
    return _locale(found.locale if found is not None else lang, lang)


@lru_cache(maxsize=None)
def _locale(name: str, lang: str) -> Locale:
    try:
        return Locale.parse(name.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        raise GrammarError(f"no CLDR data for the language {lang!r}") from None


def plural_categories(lang: str) -> tuple[str, ...]:
    """The language's plural categories in CLDR's order: ("one", "other") in English,
    ("one", "few", "many", "other") in Polish."""
    return _categories(locale(lang))


@lru_cache(maxsize=None)
def _categories(cldr: Locale) -> tuple[str, ...]:
    tags = cldr.plural_form.tags | {"other"}
    return tuple(category for category in PLURAL_CATEGORIES if category in tags)


def counted_categories(lang: str) -> tuple[str, ...]:
    """The categories that whole numbers fall in, in CLDR's order (Polish "other" is for
    fractions only, so a Polish text gives three forms)."""
    return _counted(locale(lang))


@lru_cache(maxsize=None)
def _counted(cldr: Locale) -> tuple[str, ...]:
    found = {cldr.plural_form(n) for n in COUNTS_CHECKED}
    return tuple(category for category in _categories(cldr) if category in found)


def plural_category(number: int | float, lang: str) -> str:
    """The CLDR plural category of a number: 2 is "few" in Polish, "other" in English."""
    if isinstance(number, bool) or not isinstance(number, (int, float)):
        raise GrammarError(f"plural_form counts a number, not {_kind(number)}")
    return locale(lang).plural_form(abs(number))


def plural_form(number: int | float, forms: Iterable[str], lang: str) -> str:
    """The word form that goes with ``number``: ``forms`` are given in the order of the
    language's categories (English one, other: "tile", "tiles"; Polish one, few, many:
    "pole", "pola", "pól"); a category left off at the end takes the last form given."""
    forms = tuple(forms)
    categories = plural_categories(lang)
    least = len(counted_categories(lang))
    if not least <= len(forms) <= len(categories):
        wanted = f"{least}" if least == len(categories) else f"{least} or {len(categories)}"
        raise GrammarError(f"plural_form in {_language_name(lang)} takes {wanted} word "
                           f"forms ({', '.join(categories[:max(least, len(forms))])}), "
                           f"not {len(forms)}")
    position = categories.index(plural_category(number, lang))
    return forms[min(position, len(forms) - 1)]


def numeral(number: int, lang: str, gender: str | None = None, case: str | None = None) -> str:
    """A whole number as a word up to twelve ("three", "dwie"), in digits above; in the
    gender and case of its noun where the language's numerals agree with the noun (German
    "eine Dame", "einen König"; Polish "jedną", "dwie wieże"). Where the numerals of a
    language take no gender or case, the ones given are not needed and change nothing."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise GrammarError(f"numeral takes a whole number, not {_kind(number)}")
    gender_name = _gender(gender)
    if case is not None and case not in CASES:
        raise GrammarError(f"numeral knows the cases {', '.join(CASES)}, not {case!r}")
    if not 0 <= number <= WORDS_UP_TO:
        return str(number)
    spelled = _spelled(number, lang)
    return spelled[_ruleset(lang, gender_name, case, tuple(spelled))]


def and_list(items: Iterable[str], lang: str) -> str:
    """Texts joined as the language lists them: "a, b and c", "a, b und c", "a, b i c"."""
    return format_list(list(items), style="standard", locale=locale(lang))


def or_list(items: Iterable[str], lang: str) -> str:
    """Texts joined as alternatives: "a, b or c", "a, b oder c", "a, b lub c"."""
    return format_list(list(items), style="or", locale=locale(lang))


def list_glue(lang: str) -> int:
    """The most characters the language's list patterns put between two items (", ",
    " and "), so a list's length is known before it is made."""
    return _glue(locale(lang))


@lru_cache(maxsize=None)
def _glue(cldr: Locale) -> int:
    patterns = cldr.list_patterns
    return max(len(pattern) - len("{0}{1}") for style in ("standard", "or")
               for pattern in dict(patterns[style]).values())


def _gender(gender: str | None) -> str | None:
    if gender is None:
        return None
    if gender not in GENDERS:
        raise GrammarError("numeral knows the genders m, f, n (masculine, feminine, neuter) "
                           f"and personal, not {gender!r}")
    return GENDERS[gender]


def _spelled(number: int, lang: str) -> dict[str, str]:
    """Every spell-out rule set of the language for one number, by rule set name."""
    language = str(locale(lang).language)
    try:
        return _spelled_in(number, language)
    except _NoSpellOut:
        raise GrammarError(f"no CLDR number words for {_language_name(lang)}") from None


class _NoSpellOut(Exception):
    """CLDR has no spell-out rules for a language."""


@lru_cache(maxsize=None)
def _engine(language: str) -> RbnfEngine:
    from unicode_rbnf import RbnfEngine  # read by the first text that spells a number out

    try:
        return RbnfEngine.for_language(language)
    except Exception:  # the package's own error for a language without spell-out rules
        raise _NoSpellOut(language) from None


@lru_cache(maxsize=1024)
def _spelled_in(number: int, language: str) -> dict[str, str]:
    return dict(_engine(language).format_number(number).text_by_ruleset)


def _ruleset(lang: str, gender: str | None, case: str | None,
             available: tuple[str, ...]) -> str:
    """The name of the spell-out rule set for a gender and case, of those ``available``."""
    gendered = any(name.startswith(f"{SPELL_OUT}-") for name in available)
    if gender is None or not gendered:
        return SPELL_OUT if SPELL_OUT in available else COUNTING
    cased = any(part in CASES for name in available for part in name.split("-"))
    if case in (None, "nominative") or not cased and (gender, case) not in GERMAN_ENDINGS:
        case = None
    for name in _candidates(gender, case, lang):
        if name in available:
            return name
    said = gender if case is None else f"{gender} {case}"
    kinds = [name.removeprefix(f"{SPELL_OUT}-") for name in available
             if name.startswith(f"{SPELL_OUT}-")]
    raise GrammarError(f"no {said} number words in {_language_name(lang)} "
                       f"(CLDR has {', '.join(kinds)})")


def _candidates(gender: str, case: str | None, lang: str) -> list[str]:
    """Rule set names for a gender and case, the most particular first."""
    if locale(lang).language == "de":
        ending = GERMAN_ENDINGS.get((gender, case)) if case else None
        return [f"{SPELL_OUT}-{ending or gender}"]
    if gender == "personal":
        if case is None:
            return [f"{SPELL_OUT}-masculine-personal"]
        return [f"{SPELL_OUT}-masculine-{case}-personal", f"{SPELL_OUT}-masculine-{case}"]
    return [f"{SPELL_OUT}-{gender}-{case}" if case else f"{SPELL_OUT}-{gender}"]


def _language_name(lang: str) -> str:
    return locale(lang).get_language_name("en")


def _kind(value: object) -> str:
    """What a value is, in an author's words."""
    if isinstance(value, bool):
        return "yes or no"
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    if isinstance(value, float):
        return f"the number {value:g}"
    return {list: "a list", tuple: "a list", dict: "a table"}.get(type(value), "a value")
