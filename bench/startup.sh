#!/bin/sh
# bench/startup.sh BINDIR: the start of a tool against /bin/true, in the
# same run (bench/runs: BENCH_STARTS rounds, default 200, each command
# once a round): --version, and real runs on the smallest inputs:
# armylist-parse of a one-army text, combat-calc of one line,
# armylist-check of one army, campaign-catastrophe of one battle,
# refcard-render of one army card (HTML).  Medians and quartiles of CPU
# time (user + system) and of wall time, in ms; ratio: of the medians of
# CPU time to /bin/true's.  Goal (issue 29 item 4): at most 2x.
set -eu
bin=$(cd "${1:?usage: bench/startup.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_STARTS:-200}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# one army of the English list text sample, its XML, one combat line,
# one battle of two sides
awk 'NF == 0 && n > 0 { exit } /^[^#]/ && NF > 0 { n++ } n > 0' \
    "$top/samples/english-lists.txt" > "$tmp/army.txt"
"$bin/armylist-parse" "$tmp/army.txt" > "$tmp/army.xml"
echo 'Wb vs Bd general' > "$tmp/combat.txt"
printf 'battle B\nside S1 ts=1000\nside S2 ts=900\n' > "$tmp/battle.txt"

echo "startup bench: $n rounds, CPU and wall ms (median [quartiles]), ratio of CPU medians to /bin/true"
runs -n "$n" /bin/true \
    "$bin/armylist-parse --version" \
    "$bin/armylist-parse $tmp/army.txt" \
    "$bin/combat-calc $tmp/combat.txt" \
    "$bin/armylist-check -q $tmp/army.xml" \
    "$bin/campaign-catastrophe -s 1 $tmp/battle.txt" \
    "$bin/refcard-render -T html $tmp/army.xml" > "$tmp/out"
sed "s|$tmp/||g; s|$bin/||g" "$tmp/out" | awk '{
	label = $9; for (i = 10; i <= NF; i++) label = label " " $i
	printf "%-38s cpu %6.3f [%5.3f %5.3f]  wall %6.3f [%5.3f %5.3f]  %6.2fx\n",
	    label, $1, $2, $3, $4, $5, $6, $7 }'
# the ratios: --version, the worst of the real runs of the filters, and
# refcard-render's (pango and fontconfig start with it)
ratio() { awk -v k="$1" '$0 ~ k { print $7; exit }' "$tmp/out"; }
true_ms=$(awk 'NR == 1 { print $1 }' "$tmp/out")
v=$(ratio 'armylist-parse --version')
goal "startup: armylist-parse --version vs /bin/true (${true_ms} ms)" \
    "$(awk -v t="$true_ms" -v r="$v" 'BEGIN { printf "%.3f ms", t * r }')" \
    "$v" le 2
worst=$(awk 'NR > 2 && !/refcard-render/ && $7 > w { w = $7; l = $9 } END {
	sub(".*/", "", l); print w, l }' "$tmp/out")
goal "startup: worst real run of a filter (${worst#* }) vs /bin/true" \
    "$(awk -v t="$true_ms" -v r="${worst% *}" 'BEGIN { printf "%.3f ms", t * r }')" \
    "${worst% *}" le 2
c=$(ratio 'refcard-render')
goal "startup: refcard-render -T html of one card vs /bin/true" \
    "$(awk -v t="$true_ms" -v r="$c" 'BEGIN { printf "%.3f ms", t * r }')" \
    "$c" le 2
