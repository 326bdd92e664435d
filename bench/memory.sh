#!/bin/sh
# bench/memory.sh BINDIR: peak RSS (KiB, /usr/bin/time %M) of the readers
# on hostile sizes, at 25 and 50 MB (BENCH_MB to choose), beside cat and
# xmllint --stream reading the same file: an HTML sheet, one bound of
# moves, one army of elements, continuation rows.  Inputs are generated
# in a temporary directory and deleted after.  A reader either streams
# (flat) or stops at a documented limit with an error (the status column).
set -eu
bin=${1:?usage: bench/memory.sh BINDIR}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# gen MB HEAD ROW TAIL: write $tmp/in, about MB megabytes: HEAD, ROW
# repeated, TAIL (awk escapes).
gen() {
	awk -v mb="$1" -v head="$2" -v row="$3" -v tail="$4" 'BEGIN {
		print head
		for (n = 0; n < mb * 1048576; n += length(row) + 1)
			print row
		print tail
	}' > "$tmp/in"
}

# run LABEL CMD...: peak RSS and status of CMD reading $tmp/in
run() {
	label=$1
	shift
	st=0
	/usr/bin/time -f '%M' -o "$tmp/time" "$@" < "$tmp/in" > /dev/null \
	    2> "$tmp/err" || st=$?
	printf '%-34s %8s KiB  exit %s\n' "$label" "$(tail -n 1 "$tmp/time")" "$st"
}

for mb in ${BENCH_MB:-25 50}; do
	gen "$mb" '<html><body><table>\n<tr><th>Nr.<th>Bezeichnung<th>Gegner<th>Zusammensetzung' \
	    '<tr><td>1<td>Heer<td>1<td>1x Kn (Gen), 8x Bw, 3x Ps' \
	    '</table></body></html>'
	run "html sheet $mb MB: cat" cat
	run "html sheet $mb MB: armylist-parse" "$bin/armylist-parse"
	gen "$mb" '<moves><bound pips="6">' \
	    '<move troops="Kn" distance="300"/>' '</bound></moves>'
	run "one bound $mb MB: xmllint --stream" xmllint --stream --noout -
	run "one bound $mb MB: move-check" "$bin/move-check"
	gen "$mb" '<armylists version="1"><army id="1"><name lang="en">A</name><enemies/><elements>' \
	    '<element count="1"><troop code="Bd"/></element>' \
	    '</elements></army></armylists>'
	run "one army $mb MB: xmllint --stream" xmllint --stream --noout -
	run "one army $mb MB: armylist-check" "$bin/armylist-check"
	run "one army $mb MB: armylist-parse" "$bin/armylist-parse"
	gen "$mb" 'Nr\tArmee\tElemente\tGegner\n7\tGrenzarmee\t1x Kn (Gen),\t8' \
	    '\t\t1x Bd, 1x Bd, 1x Bd, 1x Bd, 1x Bd,\t' ''
	run "continuation rows $mb MB: cat" cat
	run "continuation rows $mb MB: armylist-parse" "$bin/armylist-parse"
done
