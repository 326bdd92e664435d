#!/bin/sh
# bench/card-fit.sh BINDIR [SET ...]: how many cards the army cards of a
# corpus take, against how many armies it has, as A6 cards and on the
# 2x2 sheet (four A6 cards to an A4 sheet, scaled to 93 %), and the
# smallest type of each as printed.  One line per set and language:
#
#   corpus  rules  lang  armies  a6  a6-pt  2x2  2x2-pt
#
# a6: the pages of the A6 PDF; 2x2: the places the cards take on the
# sheets (an army that goes on takes a place per page).  Every army on
# one card: a6 = 2x2 = armies.  a6-pt, 2x2-pt: the smallest type in
# points as printed (a sign set as a superscript left out), read from
# the words' boxes that pdftotext -bbox gives: DejaVu's ascent and
# descent, 1.163 of the type size.
#
# A SET is NAME:RULES, NAME one of dba22 (tests/corpus/dba22-lists.txt),
# dba3 (tests/corpus/dba3-lists.txt), sheets (the German list sheets,
# samples/armeelisten-*) or a file armylist-parse reads.  Default:
# dba22:dba22 dba3:dba3 sheets:dba1.  CARDFIT_LANGS (default "de en ru")
# and CARDFIT_SHEETS (default "a6 2x2") choose fewer runs; a run not
# made is "-".
set -eu
bin=${1:?usage: bench/card-fit.sh BINDIR [NAME:RULES ...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
langs=${CARDFIT_LANGS:-de en ru}
sheets=${CARDFIT_SHEETS:-a6 2x2}
[ $# -gt 0 ] || set -- dba22:dba22 dba3:dba3 sheets:dba1
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# smallest PDF: the least type size of its words in points
smallest() {
	pdftotext -bbox "$1" - | awk -F'"' '/<word / {
		w = $0; sub(/^[^>]*>/, "", w); sub(/<.*/, "", w)
		if (w ~ /^([*?]|\342\200\240|\342\200\241)+$/) next
		h = ($8 - $4) / 1.163
		if (n++ == 0 || h < m) m = h
	} END { if (n) printf "%.2f", m; else printf "-" }'
}

# places PDF LANG: the pages of an A6 PDF, or the places on the
# sheets (a card's first page, and each page it goes on over: its
# title says "(continued, page N)")
places() {
	case $2 in
	de) more='Fortsetzung, Seite' ;;
	ru) more='продолжение, стр\.' ;;
	*) more='continued, page' ;;
	esac
	pdftotext "$1" - | tr '\n' ' ' |
	    grep -o "($more [0-9]*)" | wc -l | tr -d ' '
}

printf 'corpus\trules\tlang\tarmies\ta6\ta6-pt\t2x2\t2x2-pt\n'
for set in "$@"; do
	name=${set%%:*}
	rules=${set#*:}
	case $name in
	dba22|dba3) src=$top/tests/corpus/$name-lists.txt ;;
	sheets) src=$(ls "$top"/samples/armeelisten-*) ;;
	*) src=$name ;;
	esac
	# the corpora have a few bad lines: the good armies are written
	# anyway
	# shellcheck disable=SC2086
	"$bin/armylist-parse" --rules="$rules" $src > "$tmp/a.xml" \
	    2> /dev/null || [ $? -eq 2 ]
	n=$(grep -c '<army ' "$tmp/a.xml") || n=0
	for l in $langs; do
		a6=- a6pt=- s4=- s4pt=-
		for s in $sheets; do
			case $s in
			a6) imp= ;;
			2x2) imp=--impose=2x2 ;;
			*) echo "card-fit: unknown sheet '$s'" >&2; exit 3 ;;
			esac
			"$bin/refcard-render" -T pdf --rules="$rules" \
			    --lang="$l" --cards=army $imp -o "$tmp/c.pdf" \
			    "$tmp/a.xml" 2> "$tmp/err"
			if [ "$s" = a6 ]; then
				a6=$(pdfinfo "$tmp/c.pdf" |
				    sed -n 's/^Pages: *//p')
				a6pt=$(smallest "$tmp/c.pdf")
			else
				k=$(places "$tmp/c.pdf" "$l")
				s4=$((n + k))
				s4pt=$(smallest "$tmp/c.pdf")
			fi
		done
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$rules" \
		    "$l" "$n" "$a6" "$a6pt" "$s4" "$s4pt"
	done
done
