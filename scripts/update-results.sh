#!/usr/bin/env bash
# Regenerates results/: for every scenario in scenarios/ (schema.json aside), its comparison
# table as results/NAME/compare.csv, and removes the results of scenarios that no longer exist.
# The test ResultsTests fails when a committed table differs from what this script writes.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product powersim 2>&1 | tail -n 1
powersim=.build/release/powersim

for scenario in scenarios/*.json; do
  name=$(basename "$scenario" .json)
  [ "$name" = schema ] && continue
  "$powersim" compare "$scenario" --out "results/$name" > /dev/null
  echo "results/$name/compare.csv"
done

for directory in results/*/; do
  name=$(basename "$directory")
  if [ ! -f "scenarios/$name.json" ]; then
    rm -r "$directory"
    echo "removed $directory (no scenarios/$name.json)"
  fi
done
