#!/bin/sh
# bench/startup.sh BINDIR: the start of every tool against /bin/true, in
# the same run (bench/runs: BENCH_STARTS rounds, default 200, each
# command once a round): --version, and a real run of each tool on the
# smallest inputs: armylist-parse of a one-army text, armylist-check and
# armylist-select of its XML, combat-calc and move-check of one line,
# campaign-catastrophe of one battle, campaign-survival of one character,
# battle-scan of one battlefield as combat lines, refcard-render of one
# army card (HTML); then the pictures, which draw with cairo and pango:
# battle-scan -T svg and -T pdf (bellis' battle-scan starts
# libexec/bellis/battle-scan for it), refcard-render -T pdf.  Medians and
# quartiles of CPU time (user + system) and of wall time, in ms; ratio:
# of the medians of CPU time to /bin/true's.  Goal: at
# most 2x for --version and for the worst real run of the filters (every
# tool but refcard-render, no pictures); at most 10x for refcard-render's
# (it loads pango and the fonts: HACKING.md).
set -eu
bin=$(cd "${1:?usage: bench/startup.sh BINDIR}" && pwd)
. "$(dirname "$0")/goal.inc"
top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_STARTS:-200}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

# one army of the English list text sample and its XML, one combat line,
# one move, one battle of two sides, one character
awk 'NF == 0 && n > 0 { exit } /^[^#]/ && NF > 0 { n++ } n > 0' \
    "$top/samples/english-lists.txt" > "$tmp/army.txt"
"$bin/armylist-parse" "$tmp/army.txt" > "$tmp/army.xml"
echo 'Wb vs Bd general' > "$tmp/combat.txt"
printf 'bound 4\nmove Bd 200 id=a\n' > "$tmp/move.txt"
printf 'battle B\nside S1 ts=1000\nside S2 ts=900\n' > "$tmp/battle.txt"
printf 'pc Olaf iq=9 weapon=14 risk=-6 ht=14\n' > "$tmp/party.txt"
field=$top/samples/battle-line.xml

echo "startup bench: $n rounds, CPU and wall ms (median [quartiles]), ratio of CPU medians to /bin/true"
runs -n "$n" /bin/true \
    "$bin/armylist-parse --version" \
    "$bin/armylist-parse $tmp/army.txt" \
    "$bin/armylist-check -q $tmp/army.xml" \
    "$bin/armylist-select -T tsv $tmp/army.xml" \
    "$bin/combat-calc $tmp/combat.txt" \
    "$bin/move-check $tmp/move.txt" \
    "$bin/campaign-catastrophe -s 1 $tmp/battle.txt" \
    "$bin/campaign-survival -s 1 $tmp/party.txt" \
    "$bin/battle-scan -T combat $field" \
    "$bin/refcard-render -T html $tmp/army.xml" \
    "$bin/battle-scan -T svg $field" \
    "$bin/battle-scan -T pdf $field" \
    "$bin/refcard-render -T pdf $tmp/army.xml" > "$tmp/out"
sed "s|$tmp/||g; s|$bin/||g; s|$top/||g" "$tmp/out" | awk '{
	label = $9; for (i = 10; i <= NF; i++) label = label " " $i
	printf "%-46s cpu %6.3f [%5.3f %5.3f]  wall %6.3f [%5.3f %5.3f]  %6.2fx\n",
	    label, $1, $2, $3, $4, $5, $6, $7 }'
# the ratios: --version, the worst of the real runs of the filters (no
# pictures), and refcard-render's (pango and the fonts start with it)
ratio() { awk -v k="$1" 'index($0, k) { print $7; exit }' "$tmp/out"; }
ms() { awk -v t="$true_ms" -v r="$1" 'BEGIN { printf "%.3f ms", t * r }'; }
true_ms=$(awk 'NR == 1 { print $1 }' "$tmp/out")
v=$(ratio 'armylist-parse --version')
goal "startup: armylist-parse --version vs /bin/true (${true_ms} ms)" \
    "$(ms "$v")" "$v" le 2
worst=$(awk 'NR > 2 && !/refcard-render|-T svg|-T pdf/ && $7 > w {
	w = $7; l = $9 } END { sub(".*/", "", l); print w, l }' "$tmp/out")
goal "startup: worst real run of a filter (${worst#* }) vs /bin/true" \
    "$(ms "${worst% *}")" "${worst% *}" le 2
# refcard-render measures its cards with pango in the fonts they are
# printed in: the fonts load at every start, fontconfig's configuration no
# more (lib/core/ownfont.h).  Goal: at most 10x /bin/true
c=$(ratio 'refcard-render -T html')
goal "startup: refcard-render -T html of one card vs /bin/true" \
    "$(ms "$c")" "$c" le 10
