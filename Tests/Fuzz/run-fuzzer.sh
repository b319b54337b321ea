#!/usr/bin/env bash
# Fuzzes scenario decoding, validation and (small) simulation with libFuzzer and AddressSanitizer.
#
#   Tests/Fuzz/run-fuzzer.sh [SECONDS] [LIBFUZZER OPTIONS…]
#
# Builds the library modules the scenario decoder needs (Quantities, JSONSupport,
# SimulationEngine, DeviceModels, ScenarioFiles) with `swiftc -sanitize=fuzzer,address`, links
# them with Tests/Fuzz/FuzzScenario.swift into .build/fuzz/fuzz-scenario, and runs it for SECONDS
# (default 60) on a working corpus seeded from scenarios/*.json and Tests/BadInputTests/Corpus,
# with the JSON dictionary Tests/Fuzz/scenario.dict. Crashes, sanitizer reports and inputs slower
# than 10 s are saved in fuzz-artifacts/ and fail the script; each becomes a test in
# Tests/BadInputTests and gets fixed. To replay one: .build/fuzz/fuzz-scenario FILE.
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
shift || true
build=.build/fuzz
mkdir -p "$build/modules" "$build/corpus" fuzz-artifacts

flags=(
  -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -wmo -g
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -I "$build/modules"
)
libraries=()
stale=false
for module in Quantities JSONSupport SimulationEngine DeviceModels ScenarioFiles; do
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
target="$build/fuzz-scenario"
if $stale || [ ! -f "$target" ] || [ Tests/Fuzz/FuzzScenario.swift -nt "$target" ]; then
  echo "Linking the fuzz target…" >&2
  # ld.gold warns about every sanitizer helper symbol it cannot export; those lines are noise.
  swiftc "${flags[@]}" -module-name FuzzScenario Tests/Fuzz/FuzzScenario.swift \
    "${libraries[@]}" -o "$target" 2>&1 | grep -v "Cannot export local symbol" >&2 || true
  [ -x "$target" ]
fi

# Seeds: the shipped scenarios and the bad-input corpus (device parts and trace data included).
find scenarios Tests/BadInputTests/Corpus -type f \( -name '*.json' -o -name '*.csv' \) |
  while read -r seed; do cp "$seed" "$build/corpus/seed-${seed//\//-}"; done

"$target" "$build/corpus" \
  -dict=Tests/Fuzz/scenario.dict -max_total_time="$seconds" -timeout=10 -max_len=4096 \
  -artifact_prefix=fuzz-artifacts/ -print_final_stats=1 "$@"
