#!/bin/sh
# bench/scale.sh BINDIR: each tool on inputs of 1x, 4x, 16x and 64x one
# size, in these shapes: stacked (bases on one spot), wide (one army
# with many enemies or notes, one side with many units, one HTML tag
# with many attributes, an index of many files), deep (one record wrapped over many lines, one
# long name, one long slot-sheet name cell, one long cell of an
# --index, one long JSON string), long (leading blank lines, a JSON
# document of many armies, a plan of many steps or many lines, many
# records not read), spill (the keymap of lib/core past its
# budget, through the unit test program).  A
# shape past a documented limit (battle-scan's 10000 elements and
# moves, an army's 10000 notes and enemies, 65536 bytes of a field)
# grows in time only: what is past the limit is reported and not held.  Prints the CPU time and the peak
# RSS per size and the growth exponents from 4x to 64x (1 is linear, 0
# flat; times under 0.05 s count as 0.05 s, start-up is not growth):
# at each size the median CPU time of BENCH_SCALE_RUNS runs (default 5)
# and the largest peak RSS.  Last, the goals: the steepest growth in time
# at most 1.1, and no shape over 20 MB at its largest size.
# BENCH_SCALE multiplies every size (default 1); BENCH_SCALE_ONLY (an
# extended regular expression) runs the shapes whose label it matches.  Inputs are generated in
# a temporary directory and deleted after.
set -eu
bin=${1:?usage: bench/scale.sh BINDIR}
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/goal.inc"
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM
mul=${BENCH_SCALE:-1}
runs=${BENCH_SCALE_RUNS:-5}
: > "$tmp/exps"

# ---- the generators: GEN N FILE ----------------------------------------
gen_stack() {    # N bases on one spot
	awk -v n="$1" 'BEGIN { print "<battlefield version=\"1\" rules=\"dba1\" width=\"2400\" height=\"2400\" bound=\"1\"><side name=\"red\" pips=\"6\">"
		for (i = 0; i < n; i++) printf "<element id=\"r%d\" troop=\"Bd\" x=\"1200\" y=\"1200\" facing=\"0\"/>\n", i
		print "</side><side name=\"blue\" pips=\"2\"/></battlefield>" }' > "$2"
}
gen_enemies() {  # N enemies of II/5a, 5000 to a record, and army 7
	awk -v n="$1" 'BEGIN { for (a = 0; a * 5000 < n; a++) {
			print "II/5a Spartan 450-275BC"; printf "Enemies: "
			for (i = a * 5000 + 1; i <= a * 5000 + 5000 && i <= n; i++)
				printf "%s%d", (i > a * 5000 + 1 ? ", " : ""), i
			print ""; print "1x4Sp (Gen), 8x4Sp."; print "" }
		print "7 Other 300-200BC"; print "1x4Sp (Gen)." }' > "$2"
}
gen_names() {    # N armies for --name
	awk -v n="$1" 'BEGIN { for (i = 1; i <= n; i++) printf "%d Army of the %d hills 300-200BC\n1x4Sp (Gen), 8x4Sp.\n\n", i, i }' > "$2"
}
gen_units() {    # a catastrophe whose first side has N units (XML)
	{
		echo 'battle Cannae'
		awk -v n="$1" 'BEGIN { printf "side Rome roll=10 units="
			for (i = 0; i < n; i++) printf "%su%d:5", (i ? "," : ""), i; print "" }'
		echo 'side Carthage ts=5 roll=10'
	} > "$tmp/units.txt"
	"$bin/campaign-catastrophe" -T xml "$tmp/units.txt" > "$2"
}
gen_glory() {    # a Glory table of N rows (the most past the first 199 never match)
	awk -v n="$1" 'BEGIN { print "<glory-table version=\"1\">"
		for (i = 0; i < n; i++) printf "<row min=\"%d\" result=\"r%d\"><text lang=\"en\">R</text></row>\n", 99 - i % 199, i
		print "</glory-table>" }' > "$2"
}
gen_cattable() { # a Catastrophe table of N rows of 3d6 (the most past 61 not read)
	awk -v n="$1" 'BEGIN { print "<catastrophe-table version=\"1\">"
		for (i = 0; i < n; i++) printf "<row min=\"%d\" max=\"%d\" event=\"e%d\"><text lang=\"en\">E</text></row>\n", 3 + i % 16, 3 + i % 16, i
		print "</catastrophe-table>" }' > "$2"
}
gen_notes() {    # one XML army with N notes and N/3 enemies
	awk -v n="$1" 'BEGIN { print "<armylists version=\"1\" rules=\"dba22\"><army id=\"7\"><name lang=\"en\">A</name>"
		printf "<enemies>"; for (i = 1; i <= n / 3; i++) printf "<ref>%d</ref>", i; print "</enemies>"
		print "<elements text=\"1x4Sp (Gen)\"><element count=\"1\" general=\"yes\"><troop code=\"Sp\" figures=\"4\"/></element></elements>"
		for (i = 0; i < n; i++) printf "<note column=\"c\">n%d</note>\n", i
		print "</army></armylists>" }' > "$2"
}
gen_wrap() {     # one list text record wrapped over N lines
	{ echo 'I/1a X 3000-2800BC'; echo '1x3Bd (Gen),'
	  yes '1x4Sp,' | head -n "$1"; echo '1x2Ps.'; } > "$2"
}
gen_blank() {    # N lines of nothing, then a list
	{ yes '' | head -n "$1"; cat "$top/samples/corpus-sample.txt"; } > "$2"
}
gen_refs() {     # one list text record with N notes and N enemies
	awk -v n="$1" 'BEGIN { print "I/1a X 3000-2800BC"; print "1x3Bd (Gen)"
		for (i = 0; i < n; i++) printf "Note: c: note %d\n", i
		for (i = 0; i < n / 1000; i++) { printf "Enemies: "
			for (j = 1; j <= 1000; j++) printf "%s%d", (j > 1 ? ", " : ""), i * 1000 + j
			print "" } }' > "$2"
}
gen_longname() { # one army whose name is N letters
	awk -v n="$1" 'BEGIN { printf "7 "; for (i = 0; i < n; i++) printf "a"
		print " 300-200BC"; print "1x4Sp (Gen)." }' > "$2"
}
gen_blankxml() { # N lines of nothing, then armylist XML
	{ yes '' | head -n "$1"; tail -n +2 "$top/samples/english-lists.xml"; } > "$2"
}
gen_html() {     # an HTML sheet of N armies (windows-1252, declared)
	awk -v n="$1" 'BEGIN { print "<html><head><meta charset=\"iso-8859-1\"></head><body><table>"
		print "<tr><th>Nr.<th>Bezeichnung<th>Gegner<th>Zusammensetzung"
		for (i = 1; i <= n; i++) printf "<tr><td>%d<td>Fr\374he Armee %d<td>1, 5a, 9<td>1x Kn (Befehlshaber), 8x Bo, 3x Pl\n", i, i
		print "</table></body></html>" }' > "$2"
}
gen_slotname() { # a slot sheet whose name cell has N places dates may start at
	{ echo 'Book,Army,Var,Army Name,,Topography,Agg,General,1,2,3,Check,,Bd,Bw,Ps,Enemies'
	  awk -v n="$1" 'BEGIN { printf "1,1,a,Early"; for (i = 0; i < n; i++) printf " 1a"
		print " 3000-2800 BC,a2,Arable,2,3Bd,8x4Bw,3x2Ps,,1,,1,0,0,\"I/1b, 2\"" }'; } > "$2"
}
gen_idcell() {   # an index whose one id cell is N bytes, and a list
	{ echo id; head -c "$1" /dev/zero | tr '\0' 1; echo; } > "$2"
	printf '7 Army 300-200BC\n1x4Sp (Gen), 8x4Sp.\n' > "$2.txt"
}
gen_jsonstr() {  # a JSON army whose name is N bytes, then another army
	awk -v n="$1" 'BEGIN { printf "{\"id\":\"7\",\"name\":{\"lang\":\"en\",\"text\":\""
		for (i = 0; i < n / 10; i++) printf "abcdefghij"
		print "\"}}"; print "{\"id\":\"8\"}" }' > "$2"
}
gen_unread() {   # N list records not read (bad references) between two armies
	awk -v n="$1" 'BEGIN { print "I/1 First 100BC"; print "1x3Bd (Gen), 11x2Ps"
		for (i = 0; i < n; i++) printf "l/%d Second 200BC\n", i
		print ""; print "I/3 Third 300BC"; print "1x2Ps (Gen), 11x2Ps" }' > "$2"
}
gen_idfiles() {  # an index of N ids, each in a file of its own, and a list
	awk -v n="$1" 'BEGIN { print "id\tfile\tline"
		for (i = 1; i <= n; i++) printf "%d\tchunks/part-%08d.jsonl\t%d\n", i, i, i }' > "$2"
	printf '7 Army 300-200BC\n1x4Sp (Gen), 8x4Sp.\n' > "$2.txt"
}
gen_attrs() {    # an HTML sheet whose one tag has N attributes
	awk -v n="$1" 'BEGIN { print "<html><body><table><tr><th>Nr.<th>Bezeichnung<th>Zusammensetzung"
		printf "<tr><td"; for (i = 0; i < n; i++) printf " a%d=\"1\"", i
		print ">1<td>Armee<td>1x Kn (Befehlshaber), 8x Bo, 3x Pl"
		print "<tr><td>2<td>Armee<td>1x Kn (Befehlshaber), 8x Bo, 3x Pl</table>" }' > "$2"
}
gen_jsondoc() {  # one JSON document (not JSON Lines) of N armies
	awk -v n="$1" 'BEGIN { printf "{\"version\":1,\"rules\":\"dba1\",\"armies\":["
		for (i = 1; i <= n; i++) printf "%s{\"id\":\"I/%d\",\"name\":{\"lang\":\"en\",\"text\":\"Army of the %d hills\"},\"period\":{\"from\":-300,\"to\":-200,\"text\":\"300-200 BC\"},\"enemies\":[\"II/5a\"],\"elements\":{\"text\":\"1x4Sp (Gen), 8x4Sp.\",\"items\":[{\"count\":1,\"general\":true,\"troops\":[{\"code\":\"Sp\",\"figures\":\"4\"}]},{\"count\":8,\"troops\":[{\"code\":\"Sp\",\"figures\":\"4\"}]}]}}\n", (i > 1 ? "," : ""), i, i
		print "]}" }' > "$2"
}
gen_lines() {    # a plan of N lines (each after the first moves r1 twice)
	cp "$top/samples/battle-line.xml" "$2"
	yes 'move r1 fwd 10' | head -n "$1" > "$2.plan"
}
gen_plan() {     # 48 elements in line, a plan of N steps of 2000 paces
	awk 'BEGIN { print "<battlefield version=\"1\" rules=\"dba1\" width=\"9000\" height=\"9000\" bound=\"1\"><side name=\"red\" pips=\"6\">"
		for (i = 0; i < 48; i++) printf "<element id=\"r%d\" troop=\"Bd\" x=\"%d\" y=\"4000\" facing=\"0\"%s/>\n", i, 500 + 160 * i, i == 0 ? " general=\"yes\"" : ""
		print "</side><side name=\"blue\" pips=\"2\"><element id=\"b1\" troop=\"Bd\" x=\"500\" y=\"8500\" facing=\"180\" general=\"yes\"/></side></battlefield>" }' > "$2"
	awk -v k="$1" 'BEGIN { printf "move "; for (i = 0; i < 48; i++) printf "%sr%d", i ? "," : "", i
		for (i = 0; i < k / 2; i++) printf " fwd 2000 back 2000"; print "" }' > "$2.plan"
}

gen_table() {    # N elements in rows of 50 pairs in front contact, a wood
	# a row; a plan ($2.plan) that moves each red element back 40 paces
	awk -v n="$1" -v plan="$2.plan" 'BEGIN {
		rows = int((n + 99) / 100)
		printf "<battlefield version=\"1\" width=\"8400\" height=\"%d\">\n", rows * 500 + 400
		for (r = 0; r < rows; r++)
			printf "<feature kind=\"wood\" going=\"difficult\"><point x=\"100\" y=\"%d\"/><point x=\"150\" y=\"%d\"/><point x=\"150\" y=\"%d\"/></feature>\n", r * 500 + 300, r * 500 + 300, r * 500 + 450
		printf "" > plan
		for (s = 0; s < 2; s++) {
			printf "<side name=\"%s\" pips=\"6\">\n", s ? "blue" : "red"
			for (k = 0; k < n / 2; k++) {
				r = int(k / 50); i = k % 50
				printf "<element id=\"%s%d\" troop=\"%s\" x=\"%d\" y=\"%d\" facing=\"%d\"%s/>\n", s ? "b" : "r", k, s ? "Wb" : "Bd", 200 + i * 160, r * 500 + 200, s * 180, k == 0 ? " general=\"yes\"" : ""
				if (s == 0)
					printf "move r%d back 40\n", k > plan
			}
			print "</side>"
		}
		print "</battlefield>" }' > "$2"
}

# measure N: CPU seconds and peak KiB of $cmd on $tmp/in (status ignored)
gen_count() {    # the number N (for the keymap of the unit tests)
	echo "$1" > "$2"
}

measure() {
	: > "$tmp/times"
	r=0
	while [ "$r" -lt "$runs" ]; do
		/usr/bin/time -f '%U %S %M' -o "$tmp/time" sh -c "$cmd" > /dev/null 2>&1 || true
		tail -n 1 "$tmp/time" >> "$tmp/times"
		r=$((r + 1))
	done
	awk '{ t[NR] = $1 + $2; if ($3 > m) m = $3 }
	END { asort_t(); printf "%.2f %d", t[int((NR + 1) / 2)], m }
	function asort_t(   i, j, x) {
		for (i = 2; i <= NR; i++) {
			x = t[i]
			for (j = i - 1; j > 0 && t[j] > x; j--)
				t[j + 1] = t[j]
			t[j + 1] = x
		}
		return NR
	}' "$tmp/times"
}

# shape LABEL BASE GEN CMD: CMD (a shell command reading $IN) at 1x, 4x,
# 16x and 64x BASE
shape() {
	label=$1 base=$(($2 * mul)) gen=$3 cmd=$4
	if [ -n "${BENCH_SCALE_ONLY:-}" ] &&
	    ! printf '%s\n' "$label" | grep -Eq -- "$BENCH_SCALE_ONLY"; then
		return 0
	fi
	line=
	t4= m4=
	for k in 1 4 16 64; do
		n=$((base * k))
		"$gen" "$n" "$tmp/in"
		set -- $(IN=$tmp/in; export IN; measure)
		line="$line$(printf ' %7s %5.2fs %7dK' "$n" "$1" "$2")"
		[ "$k" = 4 ] && t4=$1 m4=$2
		[ "$k" = 64 ] && t64=$1 m64=$2
	done
	exp=$(awk -v a="$t4" -v b="$t64" -v c="$m4" -v d="$m64" 'BEGIN {
		if (a < 0.05) a = 0.05; if (b < 0.05) b = 0.05
		printf "%5.2f %5.2f", log(b / a) / log(16), log(d / c) / log(16) }')
	printf '%-34s%s  exp %s\n' "$label" "$line" "$exp"
	printf '%s\t%s\t%s\n' "$exp" "$m64" "$label" >> "$tmp/exps"
}

printf '%-34s %s  %s\n' "shape: tool" \
    "  size and CPU, peak RSS at 1x, 4x, 16x, 64x" "exp time, memory"
shape "stacked: battle-scan" 1000 gen_stack '"'"$bin"'/battle-scan" "$IN"'
shape "wide: armylist-select --enemy-of" 5000 gen_enemies \
    '"'"$bin"'/armylist-select" --enemy-of=II/5a -T tsv "$IN"'
shape "wide: armylist-select --name" 2000 gen_names \
    '"'"$bin"'/armylist-select" "--name=(hill|vale)s$" -T tsv "$IN"'
shape "wide: campaign-survival --battle" 1000 gen_units \
    '"'"$bin"'/campaign-survival" -s 1 --battle="$IN" "'"$top"'/samples/party.txt"'
shape "wide: campaign-catastrophe (XML)" 1000 gen_units \
    '"'"$bin"'/campaign-catastrophe" -T tsv "$IN"'
shape "long: campaign-survival --glory-table" 5000 gen_glory \
    '"'"$bin"'/campaign-survival" -s 1 --glory-table="$IN" "'"$top"'/samples/party.txt"'
shape "long: campaign-catastrophe --table" 5000 gen_cattable \
    '"'"$bin"'/campaign-catastrophe" -s 1 --table="$IN" "'"$top"'/samples/battle.txt"'
shape "wide: armylist-parse (text refs)" 5000 gen_refs \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "wide: armylist-parse (notes)" 15000 gen_notes \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "wide: armylist-check (notes)" 15000 gen_notes \
    '"'"$bin"'/armylist-check" "$IN"'
shape "wide: armylist-check --index (files)" 20000 gen_idfiles \
    '"'"$bin"'/armylist-check" --index="$IN" "$IN.txt"'
shape "deep: armylist-parse (wrapped)" 5000 gen_wrap \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "deep: armylist-parse (slot name)" 300 gen_slotname \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "deep: armylist-check --index (a cell)" 1000000 gen_idcell \
    '"'"$bin"'/armylist-check" --index="$IN" "$IN.txt"'
shape "deep: armylist-parse (JSON string)" 1000000 gen_jsonstr \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "deep: armylist-select --name" 1000 gen_longname \
    '"'"$bin"'/armylist-select" "--name=(.*)(.*)(.*)b" "$IN"'
shape "long: armylist-parse (blank lines)" 1000000 gen_blank \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "long: armylist-parse (blank, XML)" 1000000 gen_blankxml \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "long: armylist-parse (HTML sheet)" 2500 gen_html \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "wide: armylist-parse (HTML attributes)" 20000 gen_attrs \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "long: armylist-parse (JSON document)" 2000 gen_jsondoc \
    '"'"$bin"'/armylist-parse" "$IN"'
shape "long: armylist-check (records not read)" 10000 gen_unread \
    '"'"$bin"'/armylist-check" --max-errors=0 "$IN"'
shape "long: battle-scan --plan (lines)" 1000 gen_lines \
    '"'"$bin"'/battle-scan" --plan="$IN.plan" "$IN"'
shape "long: battle-scan --plan" 4 gen_plan \
    '"'"$bin"'/battle-scan" -T svg --plan="$IN.plan" "$IN"'
# a table of pairs in front contact, 150 to 9600 elements: every
# combat found (once a pair), the moves of half of them, the XML
shape "wide: battle-scan -T combat (table)" 150 gen_table \
    '"'"$bin"'/battle-scan" -T combat "$IN"'
shape "wide: battle-scan -T moves (table)" 150 gen_table \
    '"'"$bin"'/battle-scan" -T moves --plan="$IN.plan" "$IN"'
shape "wide: battle-scan -T xml (table)" 150 gen_table \
    '"'"$bin"'/battle-scan" -T xml "$IN"'
shape "wide: battle-scan -T svg (table)" 150 gen_table \
    '"'"$bin"'/battle-scan" -T svg "$IN"'
shape "wide: battle-scan -T pdf (table)" 150 gen_table \
    '"'"$bin"'/battle-scan" -T pdf "$IN"'
# the keymap past its budget (budget 0: every key goes to a run on disk),
# by the unit test program of lib/core (tests/unit/test_core.c; make
# test runs it at 3000 keys): 625 to 40000 keys
if [ -x "$bin/../tests/test_core" ]; then
	shape "spill: keymap, budget 0 (unit)" 625 gen_count \
	    '"'"$bin"'/../tests/test_core" keymap "$(cat "$IN")"'
fi

# the goals of the shapes run: the steepest growth in time, the most
# memory (at 64x, the largest size)
if [ -s "$tmp/exps" ]; then
	sort -k 1,1gr "$tmp/exps" | head -n 1 > "$tmp/r"
	IFS=$(printf '\t') read -r e _ lab < "$tmp/r"
	set -- $e
	goal "scale: the steepest growth in time, 4x to 64x ($lab)" \
	    "exponent $1" "$1" le 1.1
	sort -t "$(printf '\t')" -k 2,2nr "$tmp/exps" | head -n 1 > "$tmp/r"
	IFS=$(printf '\t') read -r _ kb lab < "$tmp/r"
	goal "scale: the most memory of a shape at 64x ($lab)" \
	    "$(awk -v k="$kb" 'BEGIN { printf "%.1f MB", k / 1024 }')" \
	    "$(awk -v k="$kb" 'BEGIN { printf "%.2f", k / 1024 / 20 }')" le 1
fi
