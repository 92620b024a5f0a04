"""Summarizes async-profiler's collapsed CPU stacks of a convert (dev/profile-convert).

Samples by thread group, then, per group with work of ours, by component: a sample counts for
every component whose frame is on its stack (so components nest and the column does not add up
to the group's total).
"""
import collections
import re
import sys

GROUPS = [
    ("main", re.compile(r"^\[main")),
    ("JSON threads", re.compile(r"^\[dendrite-json")),
    ("encoding threads", re.compile(r"^\[dendrite-encode")),
    ("C2 compiler", re.compile(r"^\[C2 Compiler")),
    ("C1 compiler", re.compile(r"^\[C1 Compiler")),
    ("GC", re.compile(r"^\[(GC Thread|G1|VM Periodic|Parallel)")),
]

# Component: a substring of a frame. Ordered from the outside in.
COMPONENTS = [
    ("JSON to rows (JsonRecordParser)", "JsonRecordParser."),
    ("  Jackson tokens", "com/fasterxml/jackson/core/json/"),
    ("  JSON to variant (JsonToVariant)", "JsonToVariant."),
    ("  variant encoding (VariantEncoder)", "VariantEncoder."),
    ("shredding (shred/internal)", "parquet/shred/internal/"),
    ("levels and values into leaf buffers", "LevelRecorder."),
    ("column chunk encoding (ChunkEncoder)", "ChunkEncoder."),
    ("  dictionaries", "ValueDictionary."),
    ("  statistics", "PageStatistics."),
    ("  RLE/bit-packing", "RleHybridEncoder."),
    ("  compression", "PageCompressor"),
    ("line reading", "Utf8LineReader."),
    ("shredding inference", "parquet/shred/ShreddingInference"),
    ("command line (picocli)", "DendriteCli.commandLine"),
    ("interpreter", "Interpreter"),
    ("class loading", "ClassLoader"),
]


def main(path, title):
    groups = collections.Counter()
    components = collections.defaultdict(collections.Counter)
    total = 0
    for line in open(path):
        stack, n = line.rstrip("\n").rsplit(" ", 1)
        n = int(n)
        total += n
        group = next((g for g, rx in GROUPS if rx.search(stack)), "other")
        groups[group] += n
        for name, frame in COMPONENTS:
            if frame in stack:
                components[group][name] += n
    print(title)
    print("CPU samples (1 ms each): %d" % total)
    for g, _ in GROUPS + [("other", None)]:
        if not groups[g]:
            continue
        print("  %-18s %6d ms  %5.1f%%" % (g, groups[g], 100.0 * groups[g] / total))
        for name, _ in COMPONENTS:
            n = components[g][name]
            if n:
                print("      %-40s %6d ms  %5.1f%% of the group" % (name, n, 100.0 * n / groups[g]))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else sys.argv[1])
