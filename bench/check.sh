#!/bin/sh
# armylist-check time and peak memory on ~50 MB of armylist XML (made by
# armylist-parse from generated pipe rows: variants, packages, forward
# and unknown references, a few duplicates and wrong totals), beside
# xmllint --stream --noout of the same XML (without and with the
# schema).  $1: the bin directory.  Set BENCH_MB for another size;
# BENCH_BIG_RUNS runs each (default 5), medians of CPU time.
set -eu
bin=$(cd "${1:?usage: bench/check.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
mb=${BENCH_MB:-50}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
in=$dir/sheets.txt
# about 1.2 KB of XML per row
n=$((mb * 1024 * 1024 / 1200))
{
	printf '| Nr. | Bezeichnung | zeitliches Auftreten | Literatur | Gegner | Verbündete | Elemente |\n'
	awk -v n="$n" 'BEGIN {
		for (i = 1; i <= n; i++) {
			id = i % 5000 == 0 ? i - 1 : i        # a duplicate now and then
			v = i % 3 == 0 ? "a" : ""
			en = (i + 1) ", " (i + 2) ", " (i > 1 ? i - 1 : n)
			if (i % 997 == 0)
				en = en ", 9" i                # names no army
			el = i % 1009 == 0 ? "7x Sp" : "8x Sp"     # a wrong total
			printf "| %d%s | Frühe Hopliten %d | 680 - 450 v.Chr. | AMPW, DBM 1/52 | %s | %d | 1x Speere (Bef.), 1x Re oder LR, %s, (1x Pl + 1x Hi) oder 2x LR oder (1x Ps + 1x Bw) |\n",
			    id, v, i, en, i + 3, el
		}
	}'
} > "$in"
"$bin/armylist-parse" "$in" > "$dir/lists.xml"
size=$(wc -c < "$dir/lists.xml")
xmllint=$(command -v xmllint) || { echo "bench: no xmllint" >&2; exit 4; }
k=${BENCH_BIG_RUNS:-5}
echo "input: $((size / 1048576)) MB of armylist XML, $n armies; $k runs each, medians of CPU time"
runs -n "$k" "$xmllint --stream --noout $dir/lists.xml" \
    "$xmllint --stream --noout --relaxng $top/formats/armylist.rng $dir/lists.xml" \
    "$bin/armylist-check $dir/lists.xml" \
    "$bin/armylist-check -T xml $dir/lists.xml" > "$dir/t" || true
sed "s|$dir/||g; s|$bin/||g; s|$top/formats/||; s|$xmllint|xmllint|" "$dir/t" |
    awk -v s="$size" '{
	label = $9; for (i = 10; i <= NF; i++) label = label " " $i
	printf "%-58s %6.2f s cpu %6.2f s wall %6.1f MB/s %8d KiB peak RSS\n",
	    label, $1 / 1000, $4 / 1000, s / 1048576 / ($1 / 1000), $8 }'
"$bin/armylist-check" "$dir/lists.xml" > "$dir/out" 2>&1 || true
echo "findings: $(wc -l < "$dir/out") ($(grep -c ': error: ' "$dir/out") errors)"
