#!/bin/sh
# bench/cores.sh BINDIR [WHEN]: whether the machine's cores run alike now.
# Two works, each pinned to each core in turn (taskset), BENCH_CORE_RUNS
# times (default 9), medians of CPU time: combat-calc -T tsv of 200,000
# lines (its work stays in a core's own caches), and armylist-parse -T
# tsv of the repository's list text corpus ten times over (a working set
# of the shared cache and memory: the work of bench/scale-out.sh).  On a
# shared virtual machine one core is at times half again as slow as the
# other for minutes, and at times only for the second work: a bench run
# then measures whichever core a command was put on, and its ratios say
# little.  make bench runs this first and last (bench/run.sh), and its
# summary says when the slowest core took more than 1.1 times the
# fastest, in either work.  Prints
#   cores: CPU ms per core: combat-calc 0: X, 1: Y; armylist-parse 0: X,
#   1: Y; the slowest S times the fastest
# and a goal line of the bench's condition, "cores alike (WHEN)"; exits
# 0, or 3 when taskset is missing.
set -eu
bin=$(cd "${1:?usage: bench/cores.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
command -v taskset >/dev/null || { echo "cores: no taskset"; exit 3; }
n=${BENCH_CORE_RUNS:-9}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

awk 'BEGIN { for (i = 0; i < 200000; i++) print "Wb general vs Bd uphill" }' \
    > "$tmp/combat"
for _ in 1 2 3 4 5 6 7 8 9 10; do
	cat "$top"/tests/corpus/*.txt
done > "$tmp/lists"
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
: > "$tmp/t"
# each work, on each core: "WORK CORE MS" lines (the corpus has a few bad
# lines: the parse's status is not looked at, runs times it all the same)
for w in combat-calc armylist-parse; do
	case $w in
	combat-calc) in=$tmp/combat ;;
	armylist-parse) in=$tmp/lists ;;
	esac
	c=0
	while [ "$c" -lt "$ncpu" ]; do
		taskset -c "$c" "$BENCH_RUNS" -n "$n" -i "$in" \
		    "$bin/$w -T tsv" 2> /dev/null |
		    awk -v w="$w" -v c="$c" '{ print w, c, $1 }' >> "$tmp/t"
		c=$((c + 1))
	done
done
when=${2:-now}
# the per-core list of each work and the worst spread, tab-separated
awk '$1 != w { line = line (w == "" ? "" : "; ") $1; w = $1; sep = " " }
	{ line = line sep $2 ": " sprintf("%.1f", $3); sep = ", "
	if (!($1 in lo) || $3 < lo[$1]) lo[$1] = $3
	if (!($1 in hi) || $3 > hi[$1]) hi[$1] = $3 }
END { for (k in lo) if (lo[k] > 0 && hi[k] / lo[k] > s) s = hi[k] / lo[k]
	printf "%s\t%.2f\n", line, s }' "$tmp/t" > "$tmp/r"
IFS=$(printf '\t') read -r list spread < "$tmp/r"
echo "cores: CPU ms per core: $list; the slowest $spread times the fastest"
goal "bench condition: the cores alike ($when), slowest vs fastest" \
    "$list ms" "$spread" le 1.1
