#!/bin/sh
# bench/cards.sh BINDIR [CORPUS]: army cards per second of refcard-render,
# HTML and PDF, on the DBA 2.2 corpus (shared/corpus/dba22-lists.txt,
# else the samples), medians of BENCH_CARD_RUNS (default 3) runs in CPU
# time.  Goal (issue 29 item 6): twice the cards per second the issue
# measured before (170 HTML, 149 PDF); no anchor can run beside it, so
# the ratio is against those numbers.
set -eu
bin=$(cd "${1:?usage: bench/cards.sh BINDIR [CORPUS]}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${2:-$top/../shared/corpus/dba22-lists.txt}
[ -f "$corpus" ] || corpus=$top/samples/english-lists.txt
n=${BENCH_CARD_RUNS:-3}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# the corpus has a few bad lines: the good armies are written anyway
"$bin/armylist-parse" --rules=dba22 "$corpus" > "$tmp/a.xml" 2> /dev/null ||
    [ $? -eq 2 ]
armies=$(grep -c '<army ' "$tmp/a.xml") || armies=0
echo "cards bench: $armies army cards of $(basename "$corpus"), $n runs each"
runs -n "$n" \
    "$bin/refcard-render --rules=dba22 -T html -o $tmp/c.html $tmp/a.xml" \
    "$bin/refcard-render --rules=dba22 -T pdf -o $tmp/c.pdf $tmp/a.xml" \
    > "$tmp/out"
# before issue 29, in cards per second
set -- html 170 pdf 149
while read -r cpu _ _ wall _ _ _ kb _; do
	fmt=$1 before=$2
	shift 2
	cps=$(awk -v a="$armies" -v t="$cpu" 'BEGIN { printf "%.0f", a / (t / 1000) }')
	printf '%-28s %7.2f s cpu %7.2f s wall %6s cards/s %8d KiB peak RSS\n' \
	    "refcard-render -T $fmt" "$(awk -v t="$cpu" 'BEGIN { print t / 1000 }')" \
	    "$(awk -v t="$wall" 'BEGIN { print t / 1000 }')" "$cps" "$kb"
	goal "cards: refcard-render -T $fmt, cards/s vs $before before" \
	    "$cps cards/s" "$(awk -v c="$cps" -v b="$before" 'BEGIN { printf "%.2f", c / b }')" \
	    ge 2
done < "$tmp/out"
