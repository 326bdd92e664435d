#!/bin/sh
# Line and branch coverage of lib/ and tools/ by the unit tests and the
# bats suites, from a --coverage build (make COV=1, in build-cov).
#   sh tests/coverage.sh build-cov
# Prints the gcovr summary of lib/ and tools/, then of lib/ alone, and
# writes build-cov/coverage/index.html.  COVERAGE_MIN (percent of lib/
# lines, default 0) makes a lower figure fail.
set -u
[ $# -eq 1 ] || { echo "usage: coverage.sh BUILD_DIR" >&2; exit 3; }
dir=$1
command -v gcovr >/dev/null 2>&1 || { echo "coverage: gcovr not installed" >&2; exit 4; }
find "$dir" -name '*.gcda' -delete
export LC_ALL=C.UTF-8
unset BELLIS_SEED BELLIS_RULES LANG LC_MESSAGES
for t in "$dir"/tests/test_*; do
	[ -x "$t" ] && "$t"
done
BELLIS_BIN=$PWD/$dir/bin bats tests/*.bats | grep -v '^ok'
mkdir -p "$dir/coverage"
gcovr -r . --object-directory "$dir" -f 'lib/' -f 'tools/' \
    --exclude-unreachable-branches --print-summary \
    --html-details "$dir/coverage/index.html" -o /dev/null 2>/dev/null |
    sed 's/^/lib+tools /'
out=$(gcovr -r . --object-directory "$dir" -f 'lib/' \
    --exclude-unreachable-branches --txt -s 2>/dev/null)
printf '%s\n' "$out" | grep -E '^(lib/|TOTAL)'
pct=$(printf '%s\n' "$out" | sed -n 's/^lines: \([0-9.]*\)%.*/\1/p')
echo "coverage: lib/ lines ${pct:-?}% (report: $dir/coverage/index.html)"
awk -v p="${pct:-0}" -v m="${COVERAGE_MIN:-0}" 'BEGIN { exit !(p >= m) }'
