#!/bin/sh
# Run every test stage of `make check` and print one summary line:
#   check: N passed, N failed, N skipped
# Stages: the unit tests and the bats suites, once for each build directory
# given (plain, then ASan+UBSan), mandoc -T lint on every page, and when
# FUZZ_DIR names the libFuzzer build (build-fuzz), a smoke run of every
# harness for FUZZ_SMOKE seconds (default 10; 0 skips them), one test each.
# BATS_FILTER (a regular expression) limits the bats tests that run.
set -u
pass=0 fail=0 skip=0
tap=$(mktemp) || exit 4
trap 'rm -f "$tap"' EXIT
export LC_ALL=C.UTF-8
unset BELLIS_SEED LANG LC_MESSAGES

count_unit() {  # $1: build dir
	for t in "$1"/tests/test_*; do
		[ -x "$t" ] || continue
		out=$("$t" 2>&1)
		printf '%s\n' "$out" >&2
		line=$(printf '%s\n' "$out" | tail -n 1)
		p=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
		f=$(printf '%s\n' "$line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
		if [ -z "$p" ]; then
			echo "check: $t crashed" >&2
			fail=$((fail + 1))
			continue
		fi
		pass=$((pass + p)) fail=$((fail + f))
	done
}

run_bats() {  # $1: build dir
	set -- "$1" tests/*.bats
	[ -e "$2" ] || return 0
	dir=$1
	shift
	if [ -n "${BATS_FILTER:-}" ]; then
		BELLIS_BIN="$PWD/$dir/bin" bats --tap -f "$BATS_FILTER" "$@" >"$tap" 2>&1
	else
		BELLIS_BIN="$PWD/$dir/bin" bats --tap "$@" >"$tap" 2>&1
	fi
	cat "$tap"
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap" | head -n 1)
	s=$(grep -c -E '^ok [0-9]+ .*# [Ss][Kk][Ii][Pp]' "$tap")
	p=$(($(grep -c -E '^ok [0-9]+' "$tap") - s))
	f=$(grep -c -E '^not ok [0-9]+' "$tap")
	if [ -z "$plan" ] || [ "$plan" -ne $((p + f + s)) ]; then
		echo "check: bats stopped before the end of its plan ($dir)" >&2
		f=$((f + 1))
	fi
	echo "bats ($dir): $p passed, $f failed, $s skipped"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
}

# The tests write to /dev/null and /dev/full: if a run (ours or another
# tool's) ever replaced one of them by a plain file, say so plainly.
devices() {
	for d in /dev/null /dev/full; do
		if [ -e "$d" ] && [ ! -c "$d" ]; then
			echo "not ok $d is not a character device" >&2
			fail=$((fail + 1))
		fi
	done
}
devices

for dir in "$@"; do
	case $dir in
	*san*) export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:exitcode=99
	       export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ;;
	esac
	count_unit "$dir"
	run_bats "$dir"
done

set -- man/*.[157]
if [ -e "$1" ]; then
	if out=$(mandoc -T lint -W warning "$@" 2>&1) && [ -z "$out" ]; then
		echo "ok mandoc -T lint: $# pages"
		pass=$((pass + 1))
	else
		printf '%s\n' "$out"
		echo "not ok mandoc -T lint"
		fail=$((fail + 1))
	fi
fi

if [ -n "${FUZZ_DIR:-}" ]; then
	for f in tests/fuzz/fuzz_*.c; do
		[ -e "$f" ] || continue
		name=$(basename "$f" .c)
		if [ "${FUZZ_SMOKE:-10}" = 0 ]; then
			echo "ok fuzz $name # skip FUZZ_SMOKE=0"
			skip=$((skip + 1))
		elif sh tests/fuzz/run.sh "$FUZZ_DIR" "${FUZZ_SMOKE:-10}" \
		    "$name"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
		fi
	done
fi

devices
echo "check: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
