#!/usr/bin/env bash
# Formats every C++ file of src/, tests/, bench/, packaging/ and examples/ with the project's
# .clang-format, or with --check only reports the files that would change
# (exit 1 if any; .ci/run uses it as the format gate).
# Usage: scripts/format.sh [--check]
set -euo pipefail
cd "$(dirname "$0")/.."

mode=fix
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "format: unknown option '$1' (usage: scripts/format.sh [--check])" >&2; exit 2 ;;
esac

if ! command -v clang-format >/dev/null; then
  echo "format: clang-format not found (scripts/setup.sh installs it)" >&2
  exit 1
fi

# Tracked files and new ones git does not ignore: a file written and not yet
# added is formatted before its first commit, not left for the gate to find.
mapfile -t listed < <(git ls-files --cached --others --exclude-standard -- 'src/*.cpp' 'src/*.hpp' 'src/*.h' \
  'tests/*.cpp' 'tests/*.hpp' 'tests/*.h' 'bench/*.cpp' 'bench/*.hpp' 'bench/*.h' \
  'packaging/*.cpp' 'examples/*.cpp' 'examples/*.hpp')
files=()
for f in "${listed[@]}"; do
  [[ -f $f ]] && files+=("$f")  # a tracked file deleted in the work tree is not there to format
done
if ((${#files[@]} == 0)); then
  echo "format: no C++ files found under src/, tests/ or bench/" >&2
  exit 1
fi

if [[ $mode == fix ]]; then
  clang-format -i -- "${files[@]}"
  echo "format: formatted ${#files[@]} files"
  exit 0
fi

bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror -- "$f" >/dev/null 2>&1 || bad+=("$f")
done
if ((${#bad[@]} > 0)); then
  echo "format: ${#bad[@]} of ${#files[@]} C++ files are not formatted with .clang-format:" >&2
  printf '  %s\n' "${bad[@]}" >&2
  echo "format: run scripts/format.sh, then commit" >&2
  exit 1
fi
echo "format: all ${#files[@]} C++ files of src/, tests/, bench/, packaging/ and examples/ are formatted"
