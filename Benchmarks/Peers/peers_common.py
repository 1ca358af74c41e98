"""Shared by the Python peer harnesses (skia_bench.py, taffy_bench.py): the command line, the corpus
reader, the Fontconfig sandbox and the one-line JSON result (the same contract as peers_common.h).

Command line: HARNESS WORKLOAD --corpus PATH --fonts DIR --size 17 --width W [--width2 W2] --reps N
"""
import argparse
import atexit
import json
import os
import shutil
import sys
import tempfile


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # exit 1 (argparse's default is 2), as the C harnesses do
        fail(f"{self.prog}: {message}\n{self.format_usage().strip()}")


def parse_args(workloads):
    parser = _Parser()
    parser.add_argument("workload", choices=workloads)
    parser.add_argument("--corpus")
    parser.add_argument("--fonts")
    parser.add_argument("--size", type=float, default=17.0)
    parser.add_argument("--width", type=float, default=None, help="default: the workload's")
    parser.add_argument("--width2", type=float, default=320.0)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--first-layouts", type=int, default=None,
                        help="flow: first layouts to time (default: --reps); run.py's instruction count sets 1, so that "
                             "two runs with different --reps differ by relayouts alone")
    args = parser.parse_args()
    if args.reps < 1:
        fail("--reps must be at least 1")
    return args


def read_corpus(path):
    """[(locale, text)] from `locale<TAB>text` lines; `#` lines and empty lines are skipped."""
    if not path:
        fail("--corpus PATH is required")
    entries = []
    try:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if not line or line.startswith("#"):
                    continue
                if "\t" not in line:
                    fail(f"corpus {path} line {number}: no tab between locale and text")
                entries.append(tuple(line.split("\t", 1)))
    except (OSError, UnicodeDecodeError) as error:
        fail(f"cannot read corpus {path}: {error}")
    if not entries:
        fail(f"corpus {path} has no entries")
    return entries


def sandbox_fontconfig(fonts_dir):
    """Points Fontconfig at a generated fonts.conf whose only <dir> sees exactly the files of fonts_dir,
    hinting off. Everything lives in a temporary folder removed at exit: the conf, its own <cachedir>,
    and the <dir> itself, a folder of symlinks to the font files. The symlinks are there because
    skia-python bundles an older Fontconfig (2.13) that writes a `.uuid` file into every font folder
    it caches; this keeps it out of the source tree. Call before anything initialises Fontconfig."""
    if not fonts_dir or not os.path.isdir(fonts_dir):
        fail(f"fonts folder {fonts_dir!r} does not exist (--fonts DIR is required)")
    folder = tempfile.mkdtemp(prefix="textfit-peers-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    links = os.path.join(folder, "fonts")
    os.mkdir(links)
    fonts_dir = os.path.realpath(fonts_dir)
    for name in os.listdir(fonts_dir):
        if not name.startswith(".") and os.path.isfile(os.path.join(fonts_dir, name)):
            os.symlink(os.path.join(fonts_dir, name), os.path.join(links, name))
    path = os.path.join(folder, "fonts.conf")
    with open(path, "w", encoding="utf-8") as f:
        f.write(
            '<?xml version="1.0"?>\n<fontconfig>\n'
            f"  <dir><![CDATA[{links}]]></dir>\n"
            f"  <cachedir><![CDATA[{os.path.join(folder, 'cache')}]]></cachedir>\n"
            '  <match target="pattern"><edit name="hinting" mode="assign"><bool>false</bool></edit></match>\n'
            "</fontconfig>\n"
        )
    os.environ["FONTCONFIG_FILE"] = path


def print_result(peer, version, workload, items, characters, ns_per_item, sums, notes, **extra):
    result = {"peer": peer, "version": version, "workload": workload, "items": items,
              "characters": characters, "ns_per_item": [round(ns, 1) for ns in ns_per_item], "sums": sums}
    result.update(extra)
    result["notes"] = notes
    print(json.dumps(result, ensure_ascii=False))
