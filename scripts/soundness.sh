#!/bin/bash
# The house rules CONTRIBUTING.md states, checked (run by .ci/run):
# - swift-format's lint, strict, over Package.swift, Sources, Tests and Plugins;
# - no "issue N" or DATASET.md reference in Sources (the code says what it promises; the
#   contract lives in docs/);
# - every relative link in README.md, CONTRIBUTING.md, BENCHMARKS.md and docs/*.md resolves;
# - the layout rules (rooms, function length, SQL in the store, constant log messages, the
#   stage tests apart from the pipeline);
# - commit subjects since the check began are at most 72 characters.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
source scripts/lib/checks.sh

check "swift format lint is clean" \
  swift format lint --strict -r Package.swift Sources Tests Plugins

references=$(grep -rnE "\bissue [0-9]+|DATASET\.md" Sources)
check "no 'issue N' or DATASET.md in Sources" test -z "$references"
[ -z "$references" ] || echo "$references" >&2

broken=$(python3 - <<'PY'
import os, re, sys
pages = ["README.md", "CONTRIBUTING.md", "BENCHMARKS.md"] + [
    os.path.join("docs", f) for f in sorted(os.listdir("docs")) if f.endswith(".md")]
for page in pages:
    text = open(page, encoding="utf-8").read()
    # Links and images outside code spans and fences.
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'src="([^"]+)"', text)
    for target in targets:
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        path = os.path.normpath(os.path.join(os.path.dirname(page), target.split("#")[0]))
        if not os.path.exists(path):
            print(f"{page}: {target}")
PY
)
check "every relative link in the docs resolves" test -z "$broken"
[ -z "$broken" ] || echo "$broken" >&2

# The two largest modules keep their rooms (CONTRIBUTING.md, Layout): at most 12 files at the top.
crowded=$(for module in AuraPipeline AuraFeatures; do
  n=$(find "Sources/$module" -maxdepth 1 -name '*.swift' | wc -l)
  [ "$n" -le 12 ] || echo "Sources/$module has $n Swift files at its top (at most 12)"
done)
check "AuraPipeline and AuraFeatures have at most 12 files at their top" test -z "$crowded"
[ -z "$crowded" ] || echo "$crowded" >&2

# No function runs over 80 lines (CONTRIBUTING.md, Layout): from its declaration to the brace
# that closes its body, strings and comments aside.
long=$(python3 - <<'PY'
import glob, re
for path in sorted(glob.glob("Sources/**/*.swift", recursive=True)):
    lines = open(path, encoding="utf-8").read().split("\n")
    for start, line in enumerate(lines):
        code = line.split("//")[0]
        if not re.search(r"\bfunc\s|\binit[?!]?\s*[(<]", code):
            continue
        depth, opened = 0, False
        for end in range(start, min(len(lines), start + 2000)):
            text = re.sub(r'"(\\.|[^"\\])*"', '""', lines[end]).split("//")[0]
            depth += text.count("{") - text.count("}")
            opened = opened or "{" in text
            if opened and depth <= 0:
                break
            if not opened and end > start + 15:
                break
        if opened and end - start + 1 > 80:
            print(f"{path}:{start + 1}: {end - start + 1} lines: {line.strip()[:60]}")
PY
)
check "no function over 80 lines" test -z "$long"
[ -z "$long" ] || echo "$long" >&2

# SQL lives in the store modules alone: the rest asks them typed questions.
sql=$(grep -rnE '"(SELECT|INSERT INTO|DELETE FROM|CREATE TABLE|ALTER TABLE|PRAGMA) |UPDATE [a-z_]+ SET' \
  Sources --include='*.swift' | grep -v '^Sources/Aura\(Store\|Postgres\)/' || true)
check "no SQL outside AuraStore and AuraPostgres" test -z "$sql"
[ -z "$sql" ] || echo "$sql" >&2

# A stage's unit tests stand on the stage alone: scoring's and aggregation's never see the
# pipeline (their nightly parameters come from AuraTestParameters).
reaching=$(grep -rln 'import AuraPipeline\|"AuraTestSupport"' Tests/AuraScoringTests \
  Tests/AuraAggregationTests || true)
reaching+=$(python3 - <<'PY'
import re
text = open("Package.swift", encoding="utf-8").read()
for target in ("AuraScoringTests", "AuraAggregationTests"):
    block = re.search(r'name: "%s",\s*dependencies: \[(.*?)\]' % target, text, re.S)
    if block and re.search(r'"Aura(Pipeline|TestSupport)"', block.group(1)):
        print(f"Package.swift: {target} depends on the pipeline")
PY
)
check "scoring and aggregation tests do not link the pipeline" test -z "$reaching"
[ -z "$reaching" ] || echo "$reaching" >&2

# Log messages are constant, their values in metadata (what an operator's alert matches on).
prose=$(python3 - <<'PY'
import glob, re
for path in sorted(glob.glob("Sources/**/*.swift", recursive=True)):
    text = open(path, encoding="utf-8").read()
    pattern = r'logger\.(?:trace|debug|info|notice|warning|error|critical)\(\s*"((?:[^"\\]|\\.)*)"'
    for match in re.finditer(pattern, text):
        if "\\(" in match.group(1):
            print(f"{path}: {match.group(1)[:60]}")
PY
)
check "log messages are constant (values in metadata)" test -z "$prose"
[ -z "$prose" ] || echo "$prose" >&2

# The first commit the subject rule is checked from (older history is as it was).
base=b779672
if git rev-parse -q --verify "$base^{commit}" >/dev/null; then
  long=$(git log --format=%s "$base..HEAD" | awk 'length($0) > 72')
  check "commit subjects since $base are at most 72 characters" test -z "$long"
  [ -z "$long" ] || echo "$long" >&2
fi

checks_done
