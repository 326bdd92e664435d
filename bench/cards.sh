#!/bin/sh
# bench/cards.sh BINDIR: army cards per second and peak RSS of
# refcard-render on the 634 armies of the 3.0 corpus in German (the
# densest cards, most fit attempts) and the 590 of the 2.2 corpus in
# English, as PDF, HTML and the 2x2 sheet, the median of BENCH_RUNS
# runs (default 3), beside xmllint --stream reading the same XML.
set -eu
bin=${1:?usage: bench/cards.sh BINDIR}
runs=${BENCH_RUNS:-3}
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

now() { date +%s.%N; }

# run LABEL XML CMD...: the median wall time of CMD on XML, cards/s and
# the peak RSS (KiB) of its last run
run() {
	label=$1 xml=$2
	shift 2
	n=$(grep -c '<army ' "$xml") || n=0
	: > "$tmp/times"
	i=0
	while [ "$i" -lt "$runs" ]; do
		t0=$(now)
		/usr/bin/time -f %M -o "$tmp/rss" "$@" "$xml" > /dev/null \
		    2> /dev/null || true
		t1=$(now)
		echo "$t0 $t1" | awk '{ printf "%.6f\n", $2 - $1 }' >> "$tmp/times"
		i=$((i + 1))
	done
	sort -n "$tmp/times" | awk -v l="$label" -v n="$n" -v k="$runs" \
	    -v m="$(tail -n 1 "$tmp/rss")" '
	    { t[NR] = $1 }
	    END { s = t[int((k + 1) / 2)]; if (s <= 0) s = 0.000001
	          printf "%-34s %8.3f s %8.1f cards/s %8d KiB peak RSS\n", l, s, n / s, m }'
}

"$bin/armylist-parse" --rules=dba3 "$top/tests/corpus/dba3-lists.txt" \
    > "$tmp/3.xml" 2> /dev/null || [ $? -eq 2 ]
"$bin/armylist-parse" --rules=dba22 "$top/tests/corpus/dba22-lists.txt" \
    > "$tmp/22.xml" 2> /dev/null || [ $? -eq 2 ]
echo "refcard-render bench: medians of $runs runs"
run "xmllint --stream (3.0 XML)" "$tmp/3.xml" xmllint --stream --noout
run "3.0 de -T pdf" "$tmp/3.xml" "$bin/refcard-render" -T pdf \
    --rules=dba3 --lang=de -o /dev/null
run "3.0 de html" "$tmp/3.xml" "$bin/refcard-render" --rules=dba3 --lang=de
run "3.0 de -T pdf --impose=2x2" "$tmp/3.xml" "$bin/refcard-render" -T pdf \
    --rules=dba3 --lang=de --impose=2x2 -o /dev/null
run "2.2 en -T pdf" "$tmp/22.xml" "$bin/refcard-render" -T pdf \
    --rules=dba22 --lang=en -o /dev/null
run "2.2 en html" "$tmp/22.xml" "$bin/refcard-render" --rules=dba22 --lang=en
