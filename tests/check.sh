#!/bin/sh
# Run every test stage of `make check` (or, given only the plain build,
# of `make test`) and print one summary line:
#   check: N passed, N failed, N skipped
# Stages: the unit tests and the bats suites, once for each build directory
# given (plain, then ASan+UBSan), the source rules of tests/lint.sh,
# mandoc -T lint on every page, and when
# FUZZ_DIR names the libFuzzer build (build-fuzz), a smoke run of every
# harness for FUZZ_SMOKE seconds (default 10; 0 skips them), one test each,
# and when VALGRIND_DIR names a build directory, the bats suites
# VALGRIND_BATS (default: all) with its tools under valgrind
# (tests/valgrind.sh).  The bats runs go side by side, one per build
# directory and one under valgrind.
# BATS_FILTER (a regular expression) limits the bats tests that run.
set -u
pass=0 fail=0 skip=0
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT
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

# bats_count DIR TAP: print the TAP output of DIR's run and count it.
bats_count() {
	dir=$1
	cat "$2"
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$2" | head -n 1)
	s=$(grep -c -E '^ok [0-9]+ .*# [Ss][Kk][Ii][Pp]' "$2")
	p=$(($(grep -c -E '^ok [0-9]+' "$2") - s))
	f=$(grep -c -E '^not ok [0-9]+' "$2")
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
done

# The bats runs of the build directories, and the valgrind run when
# VALGRIND_DIR names a build directory (VALGRIND_BATS: its suites), go
# side by side: each is one process at a time, and they share nothing
# but the read-only tree.
# Each run is a process group of its own (setsid), so that an interrupt
# of make check ends it with all its children (background jobs of a
# script would ignore SIGINT).
i=0 pids=
trap 'for p in $pids; do kill -TERM -"$p" "$p"; done 2>/dev/null; exit 130' INT TERM
for dir in "$@"; do
	i=$((i + 1))
	san=
	case $dir in *san*) san=1 ;; esac
	BELLIS_SAN=$san BELLIS_BIN="$PWD/$dir/bin" setsid -w bats --tap \
	    ${BATS_FILTER:+-f "$BATS_FILTER"} tests/*.bats >"$tmp/bats.$i" 2>&1 &
	pids="$pids $!"
done
if [ -n "${VALGRIND_DIR:-}" ]; then
	setsid -w sh tests/valgrind.sh "$VALGRIND_DIR" ${VALGRIND_BATS:-} \
	    >"$tmp/valgrind" 2>&1 &
	pids="$pids $!"
fi
wait
trap - INT TERM
i=0
for dir in "$@"; do
	i=$((i + 1))
	bats_count "$dir" "$tmp/bats.$i"
done
if [ -n "${VALGRIND_DIR:-}" ]; then
	cat "$tmp/valgrind"
	line=$(tail -n 1 "$tmp/valgrind")
	case $line in
	"valgrind: "*" passed, "*" failed, "*" skipped")
		set -- $line
		pass=$((pass + $2)) fail=$((fail + $4)) skip=$((skip + $6)) ;;
	*)
		echo "check: the valgrind run ended without its summary" >&2
		fail=$((fail + 1)) ;;
	esac
fi

if LINT_BUILD=${LINT_BUILD:-$1} sh tests/lint.sh; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
fi

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
