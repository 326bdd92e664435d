#!/bin/sh
# bench/combat.sh BINDIR: combats per second and peak RSS of combat-calc
# on 1 000 000 generated combat lines (-T tsv, and --odds), beside cat;
# medians of BENCH_BIG_RUNS runs (default 5) of CPU time.  Goal: -T tsv at 5 M lines/s or more.
set -eu
bin=$(cd "${1:?usage: bench/combat.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
n=${BENCH_LINES:-1000000}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# Deterministic mix: every troop type, flags, given dice on a third.
awk -v n="$n" 'BEGIN {
	split("Kn Cv LH Cm SCh El WWg Art Bd Sp Pk Ax Wb Bw Ps CF", t, " ")
	split("general|uphill|overlap|flank|difficult|rear|riverbank|general overlap|uphill flank||", f, "|")
	s = 12345
	for (i = 0; i < n; i++) {
		s = (s * 1103515245 + 12345) % 2147483648; a = t[s % 16 + 1]
		s = (s * 1103515245 + 12345) % 2147483648; b = t[s % 16 + 1]
		s = (s * 1103515245 + 12345) % 2147483648; fa = f[s % 11 + 1]
		line = a " " fa " vs " b
		if (i % 3 == 0)
			line = line " dice " (i % 6 + 1) " " (int(i / 6) % 6 + 1)
		print line
	}
}' > "$tmp/combats.txt"

echo "combat-calc bench: $n combats ($(wc -c < "$tmp/combats.txt") bytes), ${BENCH_BIG_RUNS:-5} runs each, medians of CPU time"
cat=$(command -v cat)
runs -n "${BENCH_BIG_RUNS:-5}" -i "$tmp/combats.txt" "$cat" \
    "$bin/combat-calc -T tsv" "$bin/combat-calc -T tsv --odds" \
    "$bin/combat-calc --odds" "$bin/combat-calc -T xml" > "$tmp/t"
sed "s|$bin/||g; s|$cat|cat|" "$tmp/t" | awk -v n="$n" '{
	label = $9; for (i = 10; i <= NF; i++) label = label " " $i
	printf "%-28s %7.3f s cpu %7.3f s wall %10.0f combats/s %8d KiB peak RSS\n",
	    label, $1 / 1000, $4 / 1000, n / ($1 / 1000), $8 }'
tsv=$(awk '/-T tsv$/ { print $1 }' "$tmp/t")
goal "combat-calc -T tsv: lines/s vs 5 M" \
    "$(awk -v n="$n" -v t="$tsv" 'BEGIN { printf "%.2f M lines/s", n / t / 1000 }')" \
    "$(awk -v n="$n" -v t="$tsv" 'BEGIN { printf "%.2f", n / t / 1000 / 5 }')" ge 1
