#!/bin/sh
# bench/memory.sh BINDIR: peak RSS (KiB, /usr/bin/time %M) of the readers
# on hostile sizes, at 25 and 50 MB (BENCH_MB to choose), beside cat and
# xmllint --stream reading the same file: an HTML sheet, one bound of
# moves, one army of elements, continuation rows, one side of a
# catastrophe (campaign-survival --battle).  Then armylist-check on
# a collection of BENCH_CHECK_MB MB (default 300; 0 leaves it out): the
# corpus lists of tests/corpus and the German sample sheets repeated, the
# ids and references of each copy moved on so that the ids stay unique
# (the collection-wide checks keep every id, at most
# 20 MB).  Then refcard-render's cards of the DBA 3.0 corpus (634
# armies), PDF in Russian and German and HTML in Russian (the limit: 20
# MB).  Inputs are generated in a temporary directory and deleted
# after.  A reader either streams (flat) or stops at a documented limit
# with an error (the status column).
set -eu
bin=${1:?usage: bench/memory.sh BINDIR}
top=$(cd "$(dirname "$0")/.." && pwd)
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
	gen "$mb" '<catastrophes version="1" seed="1"><side name="Rome" battle="1" battle-name="Cannae" file="units.txt" line="2" rolls="10" total="10" event="reinforcements" ts="15" ts-after="17"><effect enemy-ts-percent="10"/><text lang="en">Enemy reinforced</text>' \
	    '<unit name="u1" ts="5"/>' '</side></catastrophes>'
	run "one side $mb MB: xmllint --stream" xmllint --stream --noout -
	run "one side $mb MB: campaign-survival --battle" \
	    "$bin/campaign-survival" -s 1 --battle="$tmp/in" "$top/samples/party.txt"
done

# collection MB: $tmp/in, the lists repeated to about MB megabytes of
# armylist XML; in copy k an id's number (and a reference's) is moved on
# by 10000 k, and by 3000 for the 3.0 lists and 6000 for the German
# sheets, whose numbers the 2.2 lists also use
collection() {
	"$bin/armylist-parse" --rules=dba22 "$top/tests/corpus/dba22-lists.txt" \
	    > "$tmp/a.xml" 2>/dev/null || true
	"$bin/armylist-parse" --rules=dba3 "$top/tests/corpus/dba3-lists.txt" \
	    > "$tmp/b.xml" 2>/dev/null || true
	"$bin/armylist-parse" "$top/samples/armeelisten-1-60.html" \
	    "$top/samples/armeelisten-61-120.txt" \
	    "$top/samples/armeelisten-121-180.tsv" > "$tmp/c.xml" 2>/dev/null || true
	for f in a:0 b:3000 c:6000; do
		sed '1,2d;$d; s/^/'"${f#*:}"' /' "$tmp/${f%:*}.xml"
	done > "$tmp/body.xml"
	awk -v mb="$1" -v body="$tmp/body.xml" '
	function renum(s, m) {
		if (m == 0 || !match(s, /[0-9]+/))
			return s
		return substr(s, 1, RSTART - 1) (substr(s, RSTART, RLENGTH) + m) \
		    substr(s, RSTART + RLENGTH)
	}
	BEGIN {
		while ((getline l < body) > 0) {
			n++
			off[n] = substr(l, 1, index(l, " ") - 1)
			line[n] = substr(l, index(l, " ") + 1)
			size += length(line[n]) + 1
		}
		print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
		print "<armylists version=\"1\">"
		for (k = 0; k * size < mb * 1048576; k++)
			for (i = 1; i <= n; i++) {
				l = line[i]
				m = k * 10000 + off[i]
				if (match(l, /<army id="[^"]*"/)) {
					a = RSTART; b = RLENGTH
					l = substr(l, 1, a + 9) \
					    renum(substr(l, a + 10, b - 11), m) \
					    substr(l, a + b - 1)
				} else if (match(l, /<ref( join="[^"]*")?>[^<]*<\/ref>/)) {
					a = RSTART; b = RLENGTH
					r = substr(l, a, b)
					p = index(r, ">")
					l = substr(l, 1, a - 1) substr(r, 1, p) \
					    renum(substr(r, p + 1, length(r) - p - 6), m) \
					    "</ref>" substr(l, a + b)
				}
				print l
			}
		print "</armylists>"
	}' > "$tmp/in"
}

mb=${BENCH_CHECK_MB:-300}
if [ "$mb" -gt 0 ]; then
	collection "$mb"
	echo "collection: $(($(wc -c < "$tmp/in") / 1048576)) MB," \
	    "$(grep -c '<army ' "$tmp/in") armies (limit: 20480 KiB)"
	run "collection: xmllint --stream" xmllint --stream --noout -
	run "collection: armylist-check" "$bin/armylist-check" -q
	run "collection: --write-index" "$bin/armylist-check" -q \
	    --write-index="$tmp/ids.tsv"
	run "collection: --index (of itself)" "$bin/armylist-check" -q \
	    --index="$tmp/ids.tsv"
fi

# the cards of a corpus: Cyrillic and Latin faces, PDF and HTML
"$bin/armylist-parse" --rules=dba3 "$top/tests/corpus/dba3-lists.txt" \
    > "$tmp/in" 2>/dev/null || true
for t in pdf:ru pdf:de html:ru; do
	run "cards: refcard-render -T ${t%:*} --lang=${t#*:}" \
	    "$bin/refcard-render" --rules=dba3 -T "${t%:*}" --lang="${t#*:}"
done
