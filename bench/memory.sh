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

# gen KIND MB: write $tmp/KIND.MB.* of about MB megabytes.
gen() {
	awk -v kind="$1" -v mb="$2" 'BEGIN {
		max = mb * 1048576
		if (kind == "html") {
			print "<html><body><table>"
			print "<tr><th>Nr.<th>Bezeichnung<th>Gegner<th>Zusammensetzung"
			for (i = 1; n < max; i++) {
				s = "<tr><td>" i "<td>Heer " i "<td>1<td>1x Kn (Gen), 8x Bw, 3x Ps"
				print s; n += length(s) + 1
			}
			print "</table></body></html>"
		} else if (kind == "bound") {
			print "<moves><bound pips=\"6\">"
			for (; n < max;) {
				s = "<move troops=\"Kn\" distance=\"300\"/>"
				print s; n += length(s) + 1
			}
			print "</bound></moves>"
		} else if (kind == "army") {
			print "<armylists version=\"1\"><army id=\"1\"><name lang=\"en\">A</name><enemies/><elements>"
			for (; n < max;) {
				s = "<element count=\"1\"><troop code=\"Bd\"/></element>"
				print s; n += length(s) + 1
			}
			print "</elements></army></armylists>"
		} else {
			print "Nr\tArmee\tElemente\tGegner"
			print "7\tGrenzarmee\t1x Kn (Gen),\t8"
			for (; n < max;) {
				s = "\t\t1x Bd, 1x Bd, 1x Bd, 1x Bd, 1x Bd,\t"
				print s; n += length(s) + 1
			}
		}
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
	gen html "$mb"
	run "html sheet $mb MB: cat" cat
	run "html sheet $mb MB: armylist-parse" "$bin/armylist-parse"
	gen bound "$mb"
	run "one bound $mb MB: xmllint --stream" xmllint --stream --noout -
	run "one bound $mb MB: move-check" "$bin/move-check"
	gen army "$mb"
	run "one army $mb MB: xmllint --stream" xmllint --stream --noout -
	run "one army $mb MB: armylist-check" "$bin/armylist-check"
	run "one army $mb MB: armylist-parse" "$bin/armylist-parse"
	gen cont "$mb"
	run "continuation rows $mb MB: cat" cat
	run "continuation rows $mb MB: armylist-parse" "$bin/armylist-parse"
done
