#!/bin/sh
# The unit test programs of a build directory, one after the other:
#   sh tests/unit/run.sh BUILD_DIR
# Each prints "unit NAME: N passed, N failed, N skipped (N checks)",
# counting its test functions (tests/unit/unit.h); a program that
# crashes or prints no such line is a failed case.  Ends with
# "unit: N passed, N failed, N skipped".
set -u
[ $# -eq 1 ] || { echo "usage: run.sh BUILD_DIR" >&2; exit 3; }
pass=0 fail=0 skip=0
for t in "$1"/tests/test_*; do
	[ -x "$t" ] || continue
	case $t in *.d|*.o) continue ;; esac
	out=$("$t" 2>&1)
	st=$?
	printf '%s\n' "$out"
	line=$(printf '%s\n' "$out" | tail -n 1)
	set -- $(printf '%s\n' "$line" |
	    sed -n 's/^unit .*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped (.*)$/\1 \2 \3/p')
	if [ $# -ne 3 ]; then
		echo "not ok $t: crashed or ended without its summary (status $st)"
		fail=$((fail + 1))
		continue
	fi
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
	[ "$st" = 0 ] || [ "$2" -gt 0 ] || fail=$((fail + 1))
done
echo "unit: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
