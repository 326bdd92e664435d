#!/bin/sh
# bench/armylist.sh BINDIR: armylist-parse on a ~50 MB collection of
# pipe-table rows (BENCH_MB for another size), beside cat of the same
# input and xmllint --stream of the XML it writes; then that XML read
# back (-T tsv) beside xmllint --stream --relaxng armylist.rng.  Each
# command BENCH_BIG_RUNS times (default 5), interleaved; medians of CPU
# time (user + system); and English list text (a fifth of the size)
# converted beside xmllint --stream of its XML.  Goals: the
# parse of each and the read-back at least twice as fast as their
# xmllint.
set -eu
bin=$(cd "${1:?usage: bench/armylist.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
mb=${BENCH_MB:-50}
n=${BENCH_BIG_RUNS:-5}
xmllint=$(command -v xmllint) || { echo "bench: no xmllint" >&2; exit 4; }
cat=$(command -v cat)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
in=$dir/sheets.txt
row='| %d | Frühe Hopliten %d | 680 - 450 v.Chr. | AMPW, DBM 1/52 | 52, 54, 60 | 61 | 1x Speere (Bef.), 1x Re oder LR, 7x Sp, 1x Sp oder Hi, (1x Pl + 1x Hi) oder 2x LR |\n'
{
	printf '| Nr. | Bezeichnung | zeitliches Auftreten | Literatur | Gegner | Verbündete | Elemente |\n'
	awk -v n="$((mb * 1024 * 1024 / 160))" -v fmt="$row" \
	    'BEGIN { for (i = 1; i <= n; i++) printf fmt, i, i }'
} > "$in"
# English list text, a fifth of the size: one record of six lines each
awk -v n="$((mb * 1024 * 1024 / 5 / 160))" 'BEGIN { for (i = 1; i <= n; i++)
	printf "I/%d Early Sumerian %d 3000-2800BC\nAggression 2\nTerrain Arable\nEnemies: I/1a, I/1b, I/5a, I/9\nAllies: II/8b\n1x3Bd (Gen), 8x4Bw, 3x2Ps, 1x3Kn or 3Cv, 1x2LH\n\n", i, i }' \
    > "$dir/list.txt"
"$bin/armylist-parse" "$in" > "$dir/out.xml"
"$bin/armylist-parse" "$dir/list.txt" > "$dir/list.xml"
size=$(wc -c < "$in")
xsize=$(wc -c < "$dir/out.xml")
lsize=$(wc -c < "$dir/list.txt")
lxsize=$(wc -c < "$dir/list.xml")
echo "input: $((size / 1048576)) MB, $(($(wc -l < "$in") - 1)) armies; XML written: $((xsize / 1048576)) MB; list text $((lsize / 1048576)) MB (XML $((lxsize / 1048576)) MB); $n runs each, medians"
runs -n "$n" "$cat $in" \
    "$bin/armylist-parse $in" \
    "$bin/armylist-parse -T tsv $in" \
    "$xmllint --stream --noout $dir/out.xml" \
    "$bin/armylist-parse -T tsv $dir/out.xml" \
    "$xmllint --stream --noout --relaxng $top/formats/armylist.rng $dir/out.xml" \
    "$bin/armylist-parse $dir/list.txt" \
    "$xmllint --stream --noout $dir/list.xml" \
    > "$dir/t" || true
sed "s|$dir/||g; s|$bin/||g; s|$top/formats/||; s|$xmllint|xmllint|; s|$cat|cat|" \
    "$dir/t" | awk -v s="$size" -v x="$xsize" -v ls="$lsize" -v lx="$lxsize" '{
	label = $9; for (i = 10; i <= NF; i++) label = label " " $i
	by = (label ~ /out\.xml/) ? x : (label ~ /list\.xml/) ? lx : \
	    (label ~ /list\.txt/) ? ls : s
	printf "%-58s %6.2f s cpu %6.2f s wall %6.1f MB/s %8d KiB peak RSS\n",
	    label, $1 / 1000, $4 / 1000, by / 1048576 / ($1 / 1000), $8 }'
cpu() { awk -v k="$1" 'index($0, k) { print $1; exit }' "$dir/t"; }
parse=$(cpu "armylist-parse $in")
lint=$(cpu "--stream --noout $dir/out.xml")
ltext=$(cpu "armylist-parse $dir/list.txt")
llint=$(cpu "--stream --noout $dir/list.xml")
back=$(cpu "-T tsv $dir/out.xml")
rng=$(cpu "--relaxng")
goal "parse: armylist-parse $((size / 1048576)) MB vs xmllint --stream of its XML" \
    "$(awk -v p="$parse" -v l="$lint" 'BEGIN { printf "%.2f s vs %.2f s", p / 1000, l / 1000 }')" \
    "$(awk -v p="$parse" -v l="$lint" 'BEGIN { printf "%.2f", l / p }')" ge 2
goal "parse: armylist-parse of English list text vs xmllint --stream of its XML" \
    "$(awk -v p="$ltext" -v l="$llint" 'BEGIN { printf "%.2f s vs %.2f s", p / 1000, l / 1000 }')" \
    "$(awk -v p="$ltext" -v l="$llint" 'BEGIN { printf "%.2f", l / p }')" ge 2
goal "read-back: armylist-parse -T tsv of it vs xmllint --stream --relaxng" \
    "$(awk -v p="$back" -v l="$rng" 'BEGIN { printf "%.2f s vs %.2f s", p / 1000, l / 1000 }')" \
    "$(awk -v p="$back" -v l="$rng" 'BEGIN { printf "%.2f", l / p }')" ge 2
