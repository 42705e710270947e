"""Digests of every file `boardgen build --all` writes, in every shipped language.

A refactor that moves drawing code should change no output byte, or only bytes it means to
change. Record the digests before the move, compare after it:

    python bench/output_digests.py record bench/digests.json [--format pdf,svg,png,tgc,tts]
    python bench/output_digests.py compare bench/digests.json

`compare` lists every file added, removed or changed (by language, game and file name) and
exits 1 when anything differs. A Tabletop Simulator save names its images by their absolute
path, which lies in a new temporary folder on every run: its digest is taken with that folder
written as ``OUT``. PNG files depend on whether the cairo library is installed
(cairosvg or pdfium draws them), so the record says which drew them and a comparison on a
machine that draws them the other way skips the PNGs with a note.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from boardgen.i18n import LANGUAGES as SHIPPED

LANGUAGES = tuple(SHIPPED)  # every language boardgen ships; a record keeps the ones it took
DEFAULT_FORMATS = "pdf,svg,png"


def png_engine() -> str:
    """Which library draws this machine's PNG files: ``cairo`` or ``pdfium``."""
    try:
        import cairosvg  # noqa: F401  (imports cairocffi, which needs the system library)
    except (ImportError, OSError):
        return "pdfium"
    return "cairo"


def build_digests(formats: str, languages: tuple[str, ...]) -> dict[str, str]:
    """``lang/game/file`` → SHA-256 of every file a fresh `build --all` writes."""
    digests: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="boardgen-digests-") as top:
        for lang in languages:
            out = Path(top) / lang
            command = [sys.executable, "-m", "boardgen", "build", "--all", "--out", str(out),
                       "--lang", lang, "--format", formats]
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            for path in sorted(p for p in out.rglob("*") if p.is_file()):
                key = f"{lang}/{path.relative_to(out).as_posix()}"
                data = path.read_bytes()
                if path.parent.name == "tts" and path.suffix == ".json":
                    data = data.replace(out.as_posix().encode(), b"OUT")
                digests[key] = hashlib.sha256(data).hexdigest()
    return digests


def record(path: Path, formats: str, languages: tuple[str, ...]) -> None:
    """Write the digests of a fresh build to ``path``."""
    digests = build_digests(formats, languages)
    path.write_text(json.dumps({"formats": formats, "languages": list(languages),
                                "png": png_engine(), "files": digests}, indent=1,
                               sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(digests)} files recorded in {path}")


def compare(path: Path) -> int:
    """Print what differs from the record; 1 when anything does."""
    saved = json.loads(path.read_text(encoding="utf-8"))
    now = build_digests(saved["formats"], tuple(saved["languages"]))
    before = saved["files"]
    skip_png = saved["png"] != png_engine()
    if skip_png:
        print(f"PNG files skipped: recorded with {saved['png']}, drawn here by {png_engine()}")
    differs = 0
    for key in sorted(set(before) | set(now)):
        if skip_png and key.endswith(".png"):
            continue
        if key not in now:
            print(f"removed  {key}")
        elif key not in before:
            print(f"added    {key}")
        elif before[key] != now[key]:
            print(f"changed  {key}")
        else:
            continue
        differs += 1
    print(f"{differs} of {len(set(before) | set(now))} files differ")
    return 1 if differs else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "compare"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--format", default=DEFAULT_FORMATS)
    parser.add_argument("--lang", default=",".join(LANGUAGES))
    args = parser.parse_args()
    if args.action == "record":
        record(args.file, args.format, tuple(args.lang.split(",")))
        return 0
    return compare(args.file)


if __name__ == "__main__":
    sys.exit(main())
