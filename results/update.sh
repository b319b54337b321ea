#!/usr/bin/env bash
# Regenerates results/: for every scenario scenarios/NAME.json (schema.json aside), its
# comparison table results/NAME/compare.csv, its plot results/NAME/compare.svg and the SHA-256 of the scenario file it was made
# from, results/NAME/scenario.sha256 (checkable with `sha256sum -c`); removes the results of
# scenarios that no longer exist.
#
# With --check, changes nothing: regenerates into a temporary directory and exits 1 if results/
# differs from it (what CI runs, on a release build, to catch changes to the simulator too).
set -euo pipefail
cd "$(dirname "$0")/.."

check=false
if [ "${1:-}" = --check ]; then check=true; fi

if command -v sha256sum > /dev/null; then sha256=(sha256sum); else sha256=(shasum -a 256); fi

swift build -c release --product powersim 2>&1 | tail -n 1
powersim=.build/release/powersim

out=results
if $check; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

for scenario in scenarios/*.json; do
  name=$(basename "$scenario" .json)
  [ "$name" = schema ] && continue
  "$powersim" compare "$scenario" --out "$out/$name" --plot "$out/$name/compare.svg" > /dev/null
  "${sha256[@]}" "$scenario" > "$out/$name/scenario.sha256"
  $check || echo "results/$name"
done

if $check; then
  if ! diff -r --exclude=README.md --exclude=update.sh --exclude='budgets*.json' results "$out"; then
    echo "results/ is out of date: run results/update.sh" >&2
    exit 1
  fi
  echo "results/ is up to date"
  exit 0
fi

for directory in results/*/; do
  name=$(basename "$directory")
  if [ ! -f "scenarios/$name.json" ]; then
    rm -r "$directory"
    echo "removed $directory (no scenarios/$name.json)"
  fi
done
