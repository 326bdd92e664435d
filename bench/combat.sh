#!/bin/sh
# bench/combat.sh BINDIR: combats per second and peak RSS of combat-calc
# on 1 000 000 generated combat lines (-T tsv, and --odds), beside cat.
set -eu
bin=${1:?usage: bench/combat.sh BINDIR}
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

now() { date +%s.%N; }

# run LABEL CMD...: wall time, combats/s and peak RSS (KiB) of CMD
run() {
	label=$1
	shift
	t0=$(now)
	/usr/bin/time -f %M -o "$tmp/rss" "$@" < "$tmp/combats.txt" > /dev/null
	t1=$(now)
	awk -v l="$label" -v a="$t0" -v b="$t1" -v n="$n" -v m="$(tail -n 1 "$tmp/rss")" \
	    'BEGIN { s = b - a; if (s <= 0) s = 0.000001
	             printf "%-28s %8.3f s %12.0f combats/s %8d KiB peak RSS\n", l, s, n / s, m }'
}

echo "combat-calc bench: $n combats ($(wc -c < "$tmp/combats.txt") bytes)"
run "cat" cat
run "combat-calc -T tsv" "$bin/combat-calc" -T tsv
run "combat-calc -T tsv --odds" "$bin/combat-calc" -T tsv --odds
run "combat-calc --odds (text)" "$bin/combat-calc" --odds
run "combat-calc -T xml" "$bin/combat-calc" -T xml
