#!/bin/sh
# bench/readback.sh BINDIR: reading XML back against xmllint reading the
# same file in the same run: CPU seconds
# (user + sys), median and spread (min-max) of BENCH_READBACK_RUNS runs (default
# 5), of
#   armylist-parse -T tsv   on ~BENCH_MB MB (default 50) of armylist XML
#                           (armylist-parse of tests/corpus, the real
#                           2.2 and 3.0 lists, repeated),
#   battle-scan -T combat   on a table of BENCH_ELEMENTS elements
#                           (default 20 000),
# each beside xmllint --stream --noout --relaxng formats/X.rng of the same
# file, and the ratio of the medians (xmllint / ours: 1.0 is as fast).
# BENCH_BEFORE=DIR runs DIR's tools too (an older build), in the same
# rounds.  The runs alternate, so that a busy machine slows all alike.
set -eu
bin=${1:?usage: bench/readback.sh BINDIR}
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_READBACK_RUNS:-5}
before=${BENCH_BEFORE:-}
tmp=$(mktemp -d) || exit 4
trap '[ -n "${BENCH_KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM

# ---- the inputs ----------------------------------------------------------
"$bin/armylist-parse" --rules=dba3 "$top/tests/corpus/dba3-lists.txt" \
    > "$tmp/one.xml" 2>/dev/null || true
"$bin/armylist-parse" --rules=dba22 "$top/tests/corpus/dba22-lists.txt" \
    > "$tmp/two.xml" 2>/dev/null || true
sed '1,2d;$d' "$tmp/one.xml" > "$tmp/body.xml"
sed '1,2d;$d' "$tmp/two.xml" >> "$tmp/body.xml"
{
	sed '$d' "$tmp/one.xml"
	size=0
	want=$((${BENCH_MB:-50} * 1048576))
	step=$(wc -c < "$tmp/body.xml")
	while [ "$size" -lt "$want" ]; do
		cat "$tmp/body.xml"
		size=$((size + step))
	done
	echo '</armylists>'
} > "$tmp/lists.xml"
# a table: two sides of N/2 elements in rows of 50, in front contact
awk -v n="${BENCH_ELEMENTS:-20000}" 'BEGIN {
	h = int(n / 100 + 1) * 400 + 400
	printf "<battlefield version=\"1\" width=\"8400\" height=\"%d\">\n", h
	for (k = 0; k < n; k++) {
		side = k < n / 2 ? 0 : 1
		j = k - side * int(n / 2)
		if (j == 0)
			printf "%s<side name=\"%s\" pips=\"6\">\n", side ? "</side>\n" : "", side ? "blue" : "red"
		printf "<element id=\"e%d\" troop=\"%s\" x=\"%d\" y=\"%d\" facing=\"%d\"/>\n", k, side ? "Wb" : "Bd", 200 + (j % 50) * 160, int(j / 50) * 400 + 200, side * 180
	}
	print "</side>\n</battlefield>"
}' > "$tmp/field.xml"

# ---- the runs --------------------------------------------------------------
# cpu LABEL CMD...: append CMD's user + sys seconds to $tmp/LABEL
cpu() {
	label=$1
	shift
	/usr/bin/time -f '%U %S' -o "$tmp/t" "$@" > /dev/null 2>&1 || true
	awk '{ printf "%.2f\n", $1 + $2 }' "$tmp/t" >> "$tmp/$label"
}

# stat LABEL: "median (min-max)" of $tmp/LABEL
stat() {
	sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%6.2f s (%.2f-%.2f)", m, v[1], v[NR] }'
}

median() {
	sort -n "$tmp/$1" | awk '{ v[NR] = $1 } END {
		print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() {
	awk -v a="$(median "$1")" -v b="$(median "$2")" \
	    'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'
}

i=0
while [ "$i" -lt "$runs" ]; do
	cpu lint-army xmllint --stream --noout --relaxng \
	    "$top/formats/armylist.rng" "$tmp/lists.xml"
	cpu parse "$bin/armylist-parse" -T tsv "$tmp/lists.xml"
	[ -z "$before" ] ||
	    cpu parse-before "$before/armylist-parse" -T tsv "$tmp/lists.xml"
	cpu lint-field xmllint --stream --noout --relaxng \
	    "$top/formats/battlefield.rng" "$tmp/field.xml"
	cpu scan "$bin/battle-scan" -T combat "$tmp/field.xml"
	[ -z "$before" ] ||
	    cpu scan-before "$before/battle-scan" -T combat "$tmp/field.xml"
	i=$((i + 1))
done

echo "read-back: $(($(wc -c < "$tmp/lists.xml") / 1048576)) MB of armylist XML, $(grep -c '<army ' "$tmp/lists.xml") armies; a table of ${BENCH_ELEMENTS:-20000} elements; CPU s, median (min-max) of $runs"
printf '%-40s %s\n' "xmllint --stream --relaxng armylist.rng" "$(stat lint-army)"
printf '%-40s %s  %s x xmllint\n' "armylist-parse -T tsv" "$(stat parse)" \
    "$(ratio lint-army parse)"
[ -z "$before" ] || printf '%-40s %s  %s x xmllint\n' \
    "armylist-parse -T tsv (before)" "$(stat parse-before)" \
    "$(ratio lint-army parse-before)"
printf '%-40s %s\n' "xmllint --stream --relaxng battlefield.rng" \
    "$(stat lint-field)"
printf '%-40s %s  %s x xmllint\n' "battle-scan -T combat" "$(stat scan)" \
    "$(ratio lint-field scan)"
[ -z "$before" ] || printf '%-40s %s  %s x xmllint\n' \
    "battle-scan -T combat (before)" "$(stat scan-before)" \
    "$(ratio lint-field scan-before)"
