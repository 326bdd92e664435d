#!/bin/sh
# The bats suites with every tool under valgrind memcheck.
#   sh tests/valgrind.sh BUILD_DIR [file.bats ...]
# Wrappers BUILD_DIR/valgrind-bin/TOOL run BUILD_DIR/bin/TOOL under
# valgrind (definite leaks are errors, status 99) and are passed to bats
# as BELLIS_BIN, with BELLIS_VALGRIND=1 (tests of timing or of a status
# valgrind changes skip themselves).  Valgrind logs go to
# BUILD_DIR/valgrind-log/; any report there fails the run.  Default: all
# of tests/*.bats; VALGRIND_BATS (a list of files) narrows it, as make
# check does.  VALGRIND_JOBS (default 1) bats runs go side by side, the
# suites dealt out among them.
# Ends with "valgrind: N passed, N failed, N skipped".
#   sh tests/valgrind.sh --prepare BUILD_DIR
# only writes the wrappers; then VALGRIND_PREPARED=1 runs use them as
# they are, side by side (tests/check.sh), each with logs of its own.
set -u
prepare=
[ "${1:-}" = --prepare ] && { prepare=1; shift; }
[ $# -ge 1 ] || { echo "usage: valgrind.sh [--prepare] BUILD_DIR [file.bats ...]" >&2; exit 3; }
top=$(pwd)
dir=$top/$1
shift
[ $# -gt 0 ] || set -- ${VALGRIND_BATS:-tests/*.bats}
command -v valgrind >/dev/null 2>&1 || { echo "valgrind: not installed" >&2; exit 4; }
wrap=$dir/valgrind-bin
if [ -z "${VALGRIND_PREPARED:-}" ]; then
	rm -rf "$wrap" "$dir/valgrind-log"
	mkdir -p "$wrap" || exit 4
	for t in "$dir"/bin/*; do
		[ -x "$t" ] || continue
		n=$(basename "$t")
		cat > "$wrap/$n" <<EOW
#!/bin/sh
exec valgrind -q --leak-check=full --errors-for-leak-kinds=definite \\
    --show-leak-kinds=definite --suppressions="$top/tests/valgrind.supp" \\
    --error-exitcode=99 --log-file="\${BELLIS_VALGRIND_LOG:-$dir/valgrind-log}/$n.%p.log" "$t" "\$@"
EOW
		chmod +x "$wrap/$n"
	done
fi
[ -z "$prepare" ] || exit 0
[ -d "$wrap" ] || { echo "valgrind: no wrappers in $wrap (--prepare)" >&2; exit 4; }
# the logs of this run: a directory of its own
mkdir -p "$dir/valgrind-log" || exit 4
log=$(mktemp -d "$dir/valgrind-log/run.XXXXXX") || exit 4
export BELLIS_VALGRIND_LOG=$log
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C.UTF-8
unset BELLIS_SEED BELLIS_RULES LANG LC_MESSAGES
# VALGRIND_JOBS bats runs side by side, the suites dealt out in turn
jobs=${VALGRIND_JOBS:-1}
case $jobs in
''|*[!0-9]*|0)
	echo "valgrind: VALGRIND_JOBS must be a positive number, not '$jobs'" >&2
	exit 3 ;;
esac
i=0
for f in "$@"; do
	echo "$f" >> "$tmp/files.$((i % jobs))"
	i=$((i + 1))
done
# each run a process group of its own, ended with its children on an
# interrupt (background jobs of a script would ignore SIGINT)
pids=
trap 'for p in $pids; do kill -TERM -"$p" "$p"; done 2>/dev/null; exit 130' INT TERM
for l in "$tmp"/files.*; do
	[ -f "$l" ] || continue
	BELLIS_BIN=$wrap BELLIS_VALGRIND=1 setsid -w \
	    bats --tap --timing ${BATS_FILTER:+-f "$BATS_FILTER"} $(cat "$l") \
	    >"$l.tap" 2>&1 &
	pids="$pids $!"
done
wait
trap - INT TERM
p=0 f=0 s=0
for tap in "$tmp"/files.*.tap; do
	[ -f "$tap" ] || continue
	cat "$tap"
	ts=$(grep -c -E '^ok [0-9]+ .*# [Ss][Kk][Ii][Pp]' "$tap")
	tp=$(($(grep -c -E '^ok [0-9]+' "$tap") - ts))
	tf=$(grep -c -E '^not ok [0-9]+' "$tap")
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$tap" | head -n 1)
	if [ -z "$plan" ] || [ "$plan" -ne $((tp + tf + ts)) ]; then
		echo "valgrind: bats stopped before the end of its plan" >&2
		tf=$((tf + 1))
	fi
	p=$((p + tp)) f=$((f + tf)) s=$((s + ts))
done
# with -q a log holds something only when valgrind reported a problem
# (a tool run with the environment cleared logs to valgrind-log itself)
find "$log" -type f -empty -delete
for l in "$log"/* "$dir"/valgrind-log/*.log; do
	[ -f "$l" ] && [ -s "$l" ] || continue
	echo "valgrind: report in $l:"
	head -n 30 "$l"
	f=$((f + 1))
done
echo "valgrind: $p passed, $f failed, $s skipped"
[ "$f" -eq 0 ]
