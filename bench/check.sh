#!/bin/sh
# armylist-check time and peak memory on ~50 MB of armylist XML (made by
# armylist-parse from generated pipe rows: variants, packages, forward
# and unknown references, a few duplicates and wrong totals), beside
# xmllint --stream --noout of the same XML (without and with the
# schema).  $1: the bin directory.  Set BENCH_MB for another size.
set -eu
bin=$1
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
measure() {  # label, command...
	label=$1
	shift
	/usr/bin/time -f '%e %M' -o "$dir/t" "$@" > "$dir/out" 2>"$dir/err" || true
	read -r secs kb <<EOT
$(tail -n 1 "$dir/t")
EOT
	mbs=$(awk -v s="$size" -v t="$secs" 'BEGIN { printf "%.1f", (t > 0 ? s / 1048576 / t : 0) }')
	printf '%-36s %7.2f s %8s MB/s %8d KB peak RSS\n' "$label" "$secs" "$mbs" "$kb"
}
echo "input: $((size / 1048576)) MB of armylist XML, $n armies"
measure "xmllint --stream --noout" xmllint --stream --noout "$dir/lists.xml"
measure "xmllint --stream --relaxng" xmllint --stream --noout \
    --relaxng "$(dirname "$0")/../formats/armylist.rng" "$dir/lists.xml"
measure "armylist-check" "$bin/armylist-check" "$dir/lists.xml"
echo "findings: $(wc -l < "$dir/out") ($(grep -c ': error: ' "$dir/out") errors)"
measure "armylist-check -T xml" "$bin/armylist-check" -T xml "$dir/lists.xml"
