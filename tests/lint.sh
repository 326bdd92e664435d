#!/bin/sh
# Source rules no compiler checks, run by `make lint` and `make check`:
#   sh tests/lint.sh [TOP]
# Prints "ok lint: RULE" or "not ok lint: RULE" and the offending lines,
# one line per rule, and exits 1 when a rule is broken or cannot be
# checked (a grep that fails is a failure, not a pass).
set -u
top=${1:-.}
cd "$top" || exit 2
bad=0

# rule NAME STATUS OUTPUT: report one rule (STATUS of grep: 1 = no match)
rule() {
	case $2 in
	1) echo "ok lint: $1" ;;
	0) printf '%s\n' "$3"; echo "not ok lint: $1"; bad=1 ;;
	*) echo "not ok lint: $1 (could not be checked, grep status $2)"; bad=1 ;;
	esac
}

# Growing arrays grow through xgrow (geometric); a parallel array follows
# with xfollow, which reallocates only when the capacity moved.  A direct
# realloc grows by one on every append (quadratic where realloc copies,
# as under ASan) or reallocates to an unchanged size.
srcs=$(find lib tools tests/unit tests/fuzz -name '*.[ch]' \
    ! -path lib/core/xalloc.c ! -path lib/core/xalloc.h | sort)
[ -n "$srcs" ] || { echo "not ok lint: no sources found in $top"; exit 1; }
out=$(grep -nE '\b(x?realloc(array)?)[[:space:]]*\(' $srcs)
rule "no realloc outside core/xalloc.c (use xgrow, xfollow)" $? "$out"

exit $bad
