#!/bin/sh
# armylist-parse throughput and peak memory on a ~50 MB collection of
# pipe-table rows, beside cat of the same input and xmllint --stream of
# the XML it produces (all in this run).  Set BENCH_MB for another size.
set -eu
bin=$1
mb=${BENCH_MB:-50}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
in=$dir/sheets.txt
row='| %d | Frühe Hopliten %d | 680 - 450 v.Chr. | AMPW, DBM 1/52 | 52, 54, 60 | 61 | 1x Speere (Bef.), 1x Re oder LR, 7x Sp, 1x Sp oder Hi, (1x Pl + 1x Hi) oder 2x LR |\n'
{
	printf '| Nr. | Bezeichnung | zeitliches Auftreten | Literatur | Gegner | Verbündete | Elemente |\n'
	awk -v n="$((mb * 1024 * 1024 / 160))" -v fmt="$row" \
	    'BEGIN { for (i = 1; i <= n; i++) printf fmt, i, i }'
} > "$in"
size=$(wc -c < "$in")
measure() {  # label, output file, command...
	label=$1 out=$2
	shift 2
	/usr/bin/time -f '%e %U %S %M' -o "$dir/t" "$@" > "$out"
	read -r wall user sys kb < "$dir/t"
	cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	mbs=$(awk -v s="$size" -v t="$cpu" 'BEGIN { printf "%.1f", (t > 0 ? s / 1048576 / t : 0) }')
	printf '%-36s %6.2f s cpu %6.2f s wall %8s MB/s %8d KB peak RSS\n' \
	    "$label" "$cpu" "$wall" "$mbs" "$kb"
	last=$cpu
}
echo "input: $((size / 1048576)) MB, $(($(wc -l < "$in") - 1)) armies"
measure "cat" /dev/null cat "$in"
measure "armylist-parse (XML)" "$dir/out.xml" "$bin/armylist-parse" "$in"
parse=$last
measure "armylist-parse -T tsv" /dev/null "$bin/armylist-parse" -T tsv "$in"
xsize=$(wc -c < "$dir/out.xml")
size=$xsize
echo "XML produced: $((xsize / 1048576)) MB (rates below are per MB of XML)"
measure "xmllint --stream --noout (its XML)" /dev/null xmllint --stream --noout "$dir/out.xml"
lint=$last
echo "armylist-parse against xmllint --stream on the same XML: $(awk -v p="$parse" -v l="$lint" 'BEGIN { printf "%.2f", l / p }') of its speed (target: at least 0.5)"
measure "armylist-parse (reading its XML)" /dev/null "$bin/armylist-parse" "$dir/out.xml"
