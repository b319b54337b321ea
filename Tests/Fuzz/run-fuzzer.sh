#!/usr/bin/env bash
# Fuzzes powersim with libFuzzer and AddressSanitizer, through two targets:
#
# - scenario: scenario decoding, validation and (small) simulation (Tests/Fuzz/FuzzScenario.swift),
#   seeded from scenarios/*.json and Tests/BadInputTests/Corpus, with the JSON dictionary
#   Tests/Fuzz/scenario.dict;
# - command-line: the whole command line, in-process, in a sandbox directory: output options and
#   paths, sweeps, compare of many variants (Tests/Fuzz/FuzzCommandLine.swift), seeded from
#   Tests/Fuzz/CommandLineSeeds (one argument per line), with the dictionary
#   Tests/Fuzz/command-line.dict.
#
#   Tests/Fuzz/run-fuzzer.sh [SECONDS] [LIBFUZZER OPTIONS…]
#
# SECONDS (default 60) is shared equally by the two targets. Builds the library modules with
# `swiftc -sanitize=fuzzer,address` into .build/fuzz. Crashes, sanitizer reports and inputs slower
# than 10 s are saved in fuzz-artifacts/ and fail the script; each becomes a test in
# Tests/BadInputTests and gets fixed. To replay one: .build/fuzz/fuzz-scenario FILE (or
# .build/fuzz/fuzz-command-line FILE).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
shift || true
build=.build/fuzz
mkdir -p "$build/modules" fuzz-artifacts

flags=(
  -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -wmo -g -package-name powersim
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -I "$build/modules"
)
libraries=()
stale=false
for module in Quantities JSONSupport SimulationEngine DeviceModels ScenarioFiles Reports DeviceImport \
  PowerSim PowerSimCLI; do
  library="$build/modules/lib$module.a"
  # Rebuilt when a source (or a module it depends on) is newer than the library.
  if $stale || [ ! -f "$library" ] || [ -n "$(find "Sources/$module" -newer "$library")" ]; then
    stale=true
    echo "Building $module (fuzzer, address sanitizer)…" >&2
    swiftc "${flags[@]}" -suppress-warnings -module-name "$module" -emit-library -static \
      -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
      -o "$library" $(find "Sources/$module" -name '*.swift' | sort)
  fi
  libraries=("$library" "${libraries[@]}")
done

# link NAME SOURCE: the fuzz target NAME from SOURCE and the libraries.
link() {
  local target="$build/$1"
  if $stale || [ ! -f "$target" ] || [ "$2" -nt "$target" ]; then
    echo "Linking the fuzz target $1…" >&2
    # ld.gold warns about every sanitizer helper symbol it cannot export; those lines are noise.
    swiftc "${flags[@]}" -module-name "$(basename "$2" .swift)" "$2" "${libraries[@]}" \
      -o "$target" 2>&1 | grep -v "Cannot export local symbol" >&2 || true
    [ -x "$target" ]
  fi
}
link fuzz-scenario Tests/Fuzz/FuzzScenario.swift
link fuzz-command-line Tests/Fuzz/FuzzCommandLine.swift

# Seeds: the shipped scenarios and the bad-input corpus (device parts and trace data included).
mkdir -p "$build/corpus" "$build/command-line-corpus"
find scenarios Tests/BadInputTests/Corpus -type f \( -name '*.json' -o -name '*.csv' \) |
  while read -r seed; do cp "$seed" "$build/corpus/seed-${seed//\//-}"; done
cp Tests/Fuzz/CommandLineSeeds/*.txt "$build/command-line-corpus/"

# The scenario language's static tables are not leaks (see the file).
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

half=$(( (seconds + 1) / 2 ))
echo "Fuzzing scenario files for $half s…" >&2
"$build/fuzz-scenario" "$build/corpus" \
  -dict=Tests/Fuzz/scenario.dict -max_total_time="$half" -timeout=10 -max_len=4096 \
  -artifact_prefix=fuzz-artifacts/ -print_final_stats=1 "$@"
echo "Fuzzing the command line for $half s…" >&2
# Absolute paths: the target works in a sandbox directory of its own.
"$build/fuzz-command-line" "$PWD/$build/command-line-corpus" \
  -dict="$PWD/Tests/Fuzz/command-line.dict" -max_total_time="$half" -timeout=10 -max_len=1024 \
  -artifact_prefix="$PWD/fuzz-artifacts/command-line-" -print_final_stats=1 "$@"
