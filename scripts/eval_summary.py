#!/usr/bin/env python3
"""Issue 4's targets across evaluation seeds, as one Markdown table.

Usage: eval_summary.py SEED:NOISE:FILE ...  (FILE: the output of `auralift eval`)

Each `auralift eval` output ends with lines such as
"- met: ROM MAE 0.608 ° (target ≤ 1.500 °)" or "- MISSED: ...". The table has one row per
target and, per noise level, the target and each seed's value (a missed one in bold).
"""
import re
import sys

LINE = re.compile(r"^- (met|MISSED): (.*?) ([0-9.]+)( [^(]*)? \(target (.*)\)$")


def main(arguments):
    runs = []  # (seed, noise, {metric: (value, missed, target)})
    for argument in arguments:
        seed, noise, path = argument.split(":", 2)
        found = {}
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                match = LINE.match(line.strip())
                if match:
                    verdict, name, value, unit, target = match.groups()
                    found[name] = (value + (unit or ""), verdict == "MISSED", target)
        runs.append((seed, noise, found))
    noises = list(dict.fromkeys(noise for _, noise, _ in runs))
    seeds = list(dict.fromkeys(seed for seed, _, _ in runs))
    metrics = list(dict.fromkeys(name for _, _, found in runs for name in found))
    header = ["metric"]
    for noise in noises:
        header += [f"{noise} noise: target"] + [f"seed {seed}" for seed in seeds]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for metric in metrics:
        cells = [metric]
        for noise in noises:
            target = ""
            values = []
            for seed in seeds:
                entry = next(
                    (found.get(metric) for s, n, found in runs if s == seed and n == noise), None
                )
                if entry is None:
                    values.append("–")
                    continue
                value, missed, target = entry
                values.append(f"**{value}**" if missed else value)
            cells += [target] + values
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
