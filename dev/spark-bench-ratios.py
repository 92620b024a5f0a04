#!/usr/bin/env python3
"""Prints dev/spark-bench's table from a JMH JSON of SparkReadBenchmark: per query and master,
each reader's average time (ms, with JMH's 99.9% error) and its ratio to native in the same run."""
import json
import sys


def main(path):
    with open(path) as f:
        results = json.load(f)
    score = {}
    for r in results:
        p = r["params"]
        m = r["primaryMetric"]
        error = m["scoreError"]  # "NaN" (a string) when there is one measured iteration
        error = float(error) if isinstance(error, (int, float)) else float("nan")
        score[(p["query"], p["master"], p["reader"])] = (m["score"], error)
    readers = sorted({k[2] for k in score}, key=lambda r: (r != "native", r))
    others = [r for r in readers if r != "native"]
    print("| query | master | " + " | ".join(f"{r} ms" for r in readers)
          + "".join(f" | {r} / native" for r in others) + " |")
    print("|---" * (2 + len(readers) + len(others)) + "|")
    for query, master in sorted({(k[0], k[1]) for k in score}):
        cells = []
        for r in readers:
            s = score.get((query, master, r))
            cells.append("-" if s is None else
                         f"{s[0]:.1f} ± {s[1]:.1f}" if s[1] == s[1] else f"{s[0]:.1f}")
        base = score.get((query, master, "native"))
        for r in others:
            s = score.get((query, master, r))
            cells.append("-" if s is None or base is None else f"{s[0] / base[0]:.2f}x")
        print(f"| {query} | {master} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1])
