#!/bin/sh
# make bench: run every bench/*.sh (but this one) with the bin directory,
# then a summary of the goals of the benches, one line a goal: the goal, what
# was measured, the ratio against its anchor measured in the same run
# (xmllint, /bin/true; 5 M lines/s and 20 MB are fixed numbers, the cards
# a count measured before), met or not met.  BENCH_ONLY="armylist startup"
# runs those benches alone.
set -eu
bin=$(cd "$1" && pwd)
BENCH_RUNS=${BENCH_RUNS:-$(cd "$bin/.." && pwd)/bench/runs}
BENCH_SUMMARY=$(mktemp)
export BENCH_RUNS BENCH_SUMMARY
trap 'rm -f "$BENCH_SUMMARY" "$BENCH_SUMMARY.log"' EXIT
: > "$BENCH_SUMMARY.log"
t0=$(date +%s)
# the cores, before and after: on a shared machine one may be slower for
# a while, and the ratios of such a run say little (bench/cores.sh)
cores() {
	echo "== bench/cores.sh ($1)"
	sh bench/cores.sh "$bin" "$1" || true
	echo
}
[ -n "${BENCH_ONLY:-}" ] || cores first
for b in bench/*.sh; do
	case $b in bench/run.sh | bench/cores.sh) continue ;; esac
	name=$(basename "$b" .sh)
	if [ -n "${BENCH_ONLY:-}" ]; then
		case " $BENCH_ONLY " in *" $name "*) ;; *) continue ;; esac
	fi
	echo "== $b"
	t=$(date +%s)
	st=0
	sh "$b" "$bin" > "$BENCH_SUMMARY.out" || st=$?
	cat "$BENCH_SUMMARY.out"
	sed "s|^|$name: |" "$BENCH_SUMMARY.out" >> "$BENCH_SUMMARY.log"
	rm -f "$BENCH_SUMMARY.out"
	[ "$st" -eq 0 ] || echo "bench: $b failed (status $st)"
	echo "($(($(date +%s) - t)) s)"
	echo
done

[ -n "${BENCH_ONLY:-}" ] || cores last

# peak memory: the most any of our tools took in the benches above, from
# their lines "LABEL ... N KiB peak RSS" (or "KiB RSS"), and memory.sh's
# "LABEL N KiB  exit S" (not cat's or xmllint's lines; scale.sh's hostile
# shapes are not counted)
awk '!/^scale: / && / KiB (peak )?RSS|KiB  exit / && !/^[a-z-]+: *(cat|xmllint)( |$)|: (cat|xmllint)( |$)/ {
	for (i = 2; i <= NF; i++)
		if ($i == "KiB" && $(i - 1) ~ /^[0-9]+$/ && $(i - 1) + 0 > max) {
			max = $(i - 1) + 0; l = $0
			sub(/ +[0-9.]+ s.*| +[0-9]+ KiB.*/, "", l)
		}
} END { if (max > 0) printf "%d\t%s\n", max, l }' "$BENCH_SUMMARY.log" > "$BENCH_SUMMARY.rss"
if [ -s "$BENCH_SUMMARY.rss" ]; then
	kb=$(cut -f1 "$BENCH_SUMMARY.rss")
	label=$(cut -f2 "$BENCH_SUMMARY.rss")
	. "$(dirname "$0")/goal.inc"
	goal "peak memory: the most of any tool ($label)" \
	    "$(awk -v k="$kb" 'BEGIN { printf "%.1f MB", k / 1024 }')" \
	    "$(awk -v k="$kb" 'BEGIN { printf "%.2f", k / 1024 / 20 }')" le 1
fi
rm -f "$BENCH_SUMMARY.rss"

echo "== summary: the goals, each against its anchor in this run ($(($(date +%s) - t0)) s)"
awk -F '\t' '{ printf "%-70s %-22s %7s %-8s %s\n", $1, $2, $3, $4, $5 }' \
    "$BENCH_SUMMARY"
