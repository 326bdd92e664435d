#!/bin/sh
# bench/campaign.sh BINDIR: timing and peak memory of campaign-catastrophe
# and campaign-survival on 1 000 000 generated records, beside cat(1) of
# the same file, and of --odds.
set -eu
bin=${1:?usage: bench/campaign.sh BINDIR}
n=${BENCH_N:-1000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# two sides per battle, some with Luck, units and enemy powers
awk -v n="$n" 'BEGIN {
	for (i = 0; i < n; i++) {
		if (i % 2 == 0)
			printf "battle B%d\n", i / 2
		if (i % 3 == 0)
			printf "side S%d strategy=12 ts=1000 luck\n", i
		else if (i % 3 == 1)
			printf "side S%d strategy=13 units=A:500,B:300:pc,C:200 enemy-power=3\n", i
		else
			printf "side S%d ts=%d\n", i, 500 + i % 1000
	}
}' > "$tmp/sides.txt"
awk -v n="$n" 'BEGIN {
	print "<battles version=\"1\">"
	for (i = 0; i < n; i += 2)
		printf "<battle name=\"B%d\"><side name=\"S%d\" ts=\"1000\" luck=\"yes\"/><side name=\"S%d\" strategy=\"12\"><unit name=\"A\" ts=\"500\"/><unit name=\"B\" ts=\"300\" pc=\"yes\"/></side></battle>\n", i / 2, i, i + 1
	print "</battles>"
}' > "$tmp/sides.xml"
awk -v n="$n" 'BEGIN {
	for (i = 0; i < n; i++)
		printf "pc P%d iq=%d weapon=%d risk=%d tl=%d dr=%d ht=12 leader\n",
		    i, 9 + i % 6, 10 + i % 8, i % 13 - 6, i % 17, i % 5
}' > "$tmp/pcs.txt"
awk -v n=100000 'BEGIN { for (i = 0; i < n; i++)
	printf "side S%d%s enemy-power=%d\n", i, i % 2 ? " luck" : "", i % 9 }' \
    > "$tmp/odds.txt"

# run LABEL CMD...: wall seconds, peak RSS, records per second
run() {
	label=$1
	shift
	/usr/bin/time -f '%e %M' -o "$tmp/t" "$@" > "$tmp/out" 2>/dev/null ||
	    true
	read -r secs kb < "$tmp/t"
	bytes=$(wc -c < "$tmp/out")
	awk -v l="$label" -v s="$secs" -v k="$kb" -v b="$bytes" -v n="$recs" \
	    'BEGIN { r = s > 0 ? n / s : 0; printf "%-38s %7.2f s %9.0f rec/s %8d KiB RSS %11d B out\n", l, s, r, k, b }'
}

echo "records: $n sides ($(wc -c < "$tmp/sides.txt") bytes), $n pcs ($(wc -c < "$tmp/pcs.txt") bytes)"
recs=$n
run "cat sides" cat "$tmp/sides.txt"
run "catastrophe -s 1 (text)" "$bin/campaign-catastrophe" -s 1 "$tmp/sides.txt"
run "catastrophe -s 1 -T xml" "$bin/campaign-catastrophe" -s 1 -T xml "$tmp/sides.txt"
run "catastrophe -s 1 -T tsv" "$bin/campaign-catastrophe" -s 1 -T tsv "$tmp/sides.txt"
run "cat sides.xml" cat "$tmp/sides.xml"
run "catastrophe -s 1 sides.xml (XML input)" "$bin/campaign-catastrophe" -s 1 "$tmp/sides.xml"
run "cat pcs" cat "$tmp/pcs.txt"
run "survival -s 1 (text)" "$bin/campaign-survival" -s 1 "$tmp/pcs.txt"
run "survival -s 1 -T xml" "$bin/campaign-survival" -s 1 -T xml "$tmp/pcs.txt"
recs=100000
run "catastrophe --odds (100000 sides)" "$bin/campaign-catastrophe" --odds "$tmp/odds.txt"
run "catastrophe --odds -T xml (100000 sides)" "$bin/campaign-catastrophe" --odds -T xml "$tmp/odds.txt"
