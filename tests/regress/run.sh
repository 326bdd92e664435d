#!/bin/sh
# The regress cases: one run of a tool per case, its output compared
# byte for byte with what the case expects.
#   sh tests/regress/run.sh [-d DIR] BINDIR [CASE...]
# A case is DIR/TOOL/NAME.args (DIR: tests/regress), beside it:
#   NAME.args  the arguments, sh words (quotes work; read by eval); its
#              lines that start with # say what the case is for
#   NAME.in    the standard input (none: /dev/null)
#   NAME.out   the standard output expected (none: empty)
#   NAME.err   the standard error expected (none: empty)
#   NAME.rc    the exit status expected (none: 0)
# The tool is BINDIR/TOOL, run in tests/ (the fixtures are
# fixtures/..., the samples ../samples/...), with LC_ALL=C.UTF-8 and
# $BELLIS_WRAP before it (valgrind, say).  A CASE given names TOOL/NAME
# or TOOL (all its cases).  Prints "ok N TOOL/NAME" or "not ok N
# TOOL/NAME" and a unified diff, then
#   regress: N passed, N failed
# and exits 1 when a case failed or none ran.  UPDATE_GOLDEN=1 writes
# what the tool did into the expected files instead (an empty .out or
# .err and a status of 0 are no file) and prints the change.
set -u
dir=
while getopts d: o; do
	case $o in
	d) dir=$OPTARG ;;
	*) echo "usage: run.sh [-d DIR] BINDIR [CASE...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: run.sh [-d DIR] BINDIR [CASE...]" >&2; exit 2; }
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
case $1 in /*) bin=$1 ;; *) bin=$PWD/$1 ;; esac
shift
[ -n "$dir" ] || dir=$top/tests/regress
case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
[ -d "$bin" ] || { echo "run.sh: no directory $bin" >&2; exit 2; }
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
export LC_ALL=C.UTF-8 TZ=UTC
unset BELLIS_SEED BELLIS_RULES LANG LC_MESSAGES LANGUAGE
cd "$top/tests" || exit 2

# the cases, TOOL/NAME a line, in order
if [ $# -eq 0 ]; then
	set -- $(cd "$dir" && ls -d */ 2>/dev/null | tr -d /)
fi
for c in "$@"; do
	case $c in
	*/*) [ -f "$dir/$c.args" ] && echo "$c" ||
	     echo "run.sh: no case $c in $dir" >&2 ;;
	*) (cd "$dir" && ls "$c"/*.args 2>/dev/null) | sed 's/\.args$//' ;;
	esac
done > "$tmp/cases"

# expect FILE ACTUAL WHAT: the expected file (none: empty) and what ran
expect() {
	if [ -f "$1" ]; then
		cmp -s "$1" "$2" && return 0
		diff -u --label "${1#"$dir"/}" --label "$3" "$1" "$2"
	else
		[ -s "$2" ] || return 0
		diff -u --label "${1#"$dir"/} (none)" --label "$3" /dev/null "$2"
	fi
	return 1
}

# status FILE ACTUAL: the expected exit status (none: 0) and the one seen
status() {
	want=0
	[ -f "$1" ] && want=$(cat "$1")
	[ "$want" = "$(cat "$2")" ] && return 0
	echo "${1#"$dir"/}: exit status $(cat "$2"), expected $want"
	return 1
}

# update FILE ACTUAL: write the expected file (none when empty)
update() {
	if [ -s "$2" ]; then
		expect "$1" "$2" "${1#"$dir"/} (new)" || cp "$2" "$1"
	elif [ -f "$1" ]; then
		echo "rm ${1#"$dir"/}"
		rm -f "$1"
	fi
}

n=0 pass=0 fail=0
while IFS= read -r c; do
	n=$((n + 1))
	tool=${c%%/*}
	base=$dir/$c
	in=/dev/null
	[ -f "$base.in" ] && in=$base.in
	args=$(grep -v '^#' "$base.args" | tr '\n' ' ')
	rc=0
	(eval "set -- $args" && exec ${BELLIS_WRAP:-} "$bin/$tool" "$@") \
	    < "$in" > "$tmp/out" 2> "$tmp/err" || rc=$?
	echo "$rc" > "$tmp/rc"
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		update "$base.out" "$tmp/out"
		update "$base.err" "$tmp/err"
		[ "$rc" = 0 ] && : > "$tmp/rc"
		update "$base.rc" "$tmp/rc"
		echo "ok $n $c # updated"
		pass=$((pass + 1))
		continue
	fi
	ok=1
	expect "$base.out" "$tmp/out" "$c: standard output" || ok=
	expect "$base.err" "$tmp/err" "$c: standard error" || ok=
	status "$base.rc" "$tmp/rc" || ok=
	if [ -n "$ok" ]; then
		echo "ok $n $c"
		pass=$((pass + 1))
	else
		echo "not ok $n $c"
		fail=$((fail + 1))
	fi
done < "$tmp/cases"
echo "regress: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$n" -gt 0 ]
