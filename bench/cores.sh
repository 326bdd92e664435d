#!/bin/sh
# bench/cores.sh BINDIR [WHEN]: whether the machine's cores run alike now.  The
# same work (combat-calc -T tsv of 200,000 lines, BENCH_CORE_RUNS times,
# default 9) pinned to each core in turn (taskset); medians of CPU time.
# On a shared virtual machine one core is at times half again as slow as
# the other for minutes: a bench run then measures whichever core a
# command was put on, and its ratios say little.  make bench runs this
# first and last (bench/run.sh), and its summary says when the slowest
# core took more than 1.1 times the fastest.  Prints
#   cores: CPU ms per core: 0: X, 1: Y; the slowest S times the fastest
# and a goal line of the bench's condition, "cores alike (WHEN)"; exits
# 0, or 3 when taskset is missing.
set -eu
bin=$(cd "${1:?usage: bench/cores.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
command -v taskset >/dev/null || { echo "cores: no taskset"; exit 3; }
n=${BENCH_CORE_RUNS:-9}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

awk 'BEGIN { for (i = 0; i < 200000; i++) print "Wb general vs Bd uphill" }' \
    > "$tmp/in"
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
c=0
: > "$tmp/t"
while [ "$c" -lt "$ncpu" ]; do
	taskset -c "$c" "$BENCH_RUNS" -n "$n" -i "$tmp/in" \
	    "$bin/combat-calc -T tsv" | awk -v c="$c" '{ print c, $1 }' \
	    >> "$tmp/t"
	c=$((c + 1))
done
when=${2:-now}
# the per-core list and the spread, tab-separated
awk '{ line = line sep $1 ": " sprintf("%.1f", $2); sep = ", "
	if (NR == 1 || $2 < lo) lo = $2
	if (NR == 1 || $2 > hi) hi = $2 }
END { printf "%s\t%.2f\n", line, (lo > 0 ? hi / lo : 0) }' "$tmp/t" > "$tmp/r"
IFS=$(printf '\t') read -r list spread < "$tmp/r"
echo "cores: CPU ms per core: $list; the slowest $spread times the fastest"
goal "bench condition: the cores alike ($when), slowest vs fastest" \
    "$list ms" "$spread" le 1.1
