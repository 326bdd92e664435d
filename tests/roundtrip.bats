#!/usr/bin/env bats
# Round trips: the XML of combat-calc,
# move-check and the campaign tools carries every input flag and roll, so
# that `tool -T xml OPTS IN | tool OPTS` prints what `tool OPTS IN`
# prints, with the same exit status; armylist XML and list text in every
# language read back to the same armies.
load helpers/common

# rt TOOL SCHEMA IN [OPTS...]: the text of IN and of its XML read back
# are the same bytes with the same status; the XML validates; the
# reader of the XML says nothing on stderr.
rt() {
	local tool=$1 rng=$2 in=$3 want wst
	shift 3
	run --separate-stderr "$tool" "$@" "$in"
	want=$output wst=$status
	[ "$wst" -le 1 ] || { echo "$tool $* $in: status $wst: $stderr"; false; }
	run --separate-stderr "$tool" -T xml "$@" "$in"
	assert_equal "$status" "$wst"
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/rt.xml"
	validate "$rng" "$BATS_TEST_TMPDIR/rt.xml"
	run --separate-stderr "$tool" "$@" < "$BATS_TEST_TMPDIR/rt.xml"
	assert_equal "$stderr" ""
	assert_equal "$output" "$want"
	assert_equal "$status" "$wst"
}

# the combat-calc inputs without errors: samples, fixtures, the 2.2 rows
combat_inputs() {
	echo "$SAMPLES/combats.txt"
	echo "$FIX/combat/flags.txt"
	echo "$FIX/combat/t.txt"
	echo "$FIX/combat/combats.xml"
	echo "$FIX/hostile/combat-calc.txt"
	echo "$FIX/hostile/combat-calc.xml"
}

move_inputs() {
	echo "$SAMPLES/bound.txt"
	echo "$FIX/move/rules.txt"
	echo "$FIX/move/units.txt"
	echo "$FIX/move/moves.xml"
	echo "$FIX/hostile/move-check.txt"
	echo "$FIX/hostile/move-check.xml"
}

@test "roundtrip: the general's +1 survives combat-calc -T xml | combat-calc" {
	run -0 bash -c "echo 'Wb vs Bd general' | combat-calc -T xml --odds | combat-calc --odds"
	assert_output '1: Wb 3 = 3  vs  Bd 5 +1 general = 6
   odds: Wb wins 3/36, doubles 0/36; draws 3/36; Bd wins 30/36, doubles 9/36
   outcomes: Bd destroyed 3, Wb recoil 21, Wb destroyed 9'
}

@test "roundtrip: combat-calc XML carries the flags and the dice" {
	run -0 bash -c "echo 'Bd riverbank river-roll=2 overlap=0 vs Wb rear=2 dice 3 4' | combat-calc -T xml"
	assert_line --partial '<combat file="-" line="1" kind="close" dice="3 4">'
	assert_line --partial '<side troop="Bd" riverbank="yes" river-roll="2" overlap="0" class="foot"'
	assert_line --partial '<side troop="Wb" rear="2" class="foot"'
}

@test "roundtrip: combat-calc, every input, with and without --odds" {
	for f in $(combat_inputs); do
		rt combat-calc combat.rng "$f"
		rt combat-calc combat.rng "$f" --odds
	done
}

@test "roundtrip: combat-calc rolled dice read back without --roll" {
	for f in "$SAMPLES/combats.txt" "$FIX/combat/flags.txt"; do
		run -0 combat-calc --roll -s 42 --odds "$f"
		want=$output
		run -0 bash -c "combat-calc -T xml --roll -s 42 --odds '$f' | combat-calc --odds"
		assert_equal "$output" "$want"
		# and with --roll again: the dice in the XML win
		run -0 bash -c "combat-calc -T xml --roll -s 42 '$f' | combat-calc --roll -s 7"
		assert_equal "$output" "$(combat-calc --roll -s 42 "$f")"
	done
}

@test "roundtrip: combat-calc --explain, --lang and the dba22 rules" {
	rt combat-calc combat.rng "$FIX/combat/flags.txt" --explain
	rt combat-calc combat.rng "$SAMPLES/combats.txt" --odds --lang=de
	awk -F'\t' '$1 == "dba22" { print $2 }' "$FIX/rules/outcomes.tsv" > "$BATS_TEST_TMPDIR/22.txt"
	grep -q charged "$BATS_TEST_TMPDIR/22.txt"
	grep -q bua "$BATS_TEST_TMPDIR/22.txt"
	rt combat-calc combat.rng "$BATS_TEST_TMPDIR/22.txt" --rules=dba22 --odds
}

@test "roundtrip: combat-calc, the good combats of an input with errors" {
	run -2 combat-calc "$FIX/combat/bad.txt"
	want=$output
	run -0 bash -c "combat-calc -T xml '$FIX/combat/bad.txt' 2>/dev/null | combat-calc"
	assert_equal "$output" "$(grep -v '^combat-calc: ' <<<"$want")"
}

@test "roundtrip: combat-calc reads a line attribute, diagnostics keep the XML line" {
	printf '<combats>\n<combat line="7"><side troop="Kn"/><side troop="Sp"/></combat>\n<combat line="9"><side troop="Kn" support="yes"/><side troop="Sp"/></combat>\n</combats>\n' > "$BATS_TEST_TMPDIR/l.xml"
	run -2 --separate-stderr combat-calc "$BATS_TEST_TMPDIR/l.xml"
	assert_output '7: Kn 3 = 3  vs  Sp 4 = 4'
	assert_equal "$stderr" "combat-calc: $BATS_TEST_TMPDIR/l.xml:3: error: Knights get no rear support"
	printf '<combats><combat line="x"><side troop="Kn"/><side troop="Sp"/></combat></combats>\n' > "$BATS_TEST_TMPDIR/x.xml"
	run -2 --separate-stderr combat-calc "$BATS_TEST_TMPDIR/x.xml"
	assert_output ''
	[[ $stderr == *"invalid value 'x' for 'line'"* ]]
	# a line number out of range names the range an int holds
	sed 's/line="x"/line="2147483648"/' "$BATS_TEST_TMPDIR/x.xml" > "$BATS_TEST_TMPDIR/big.xml"
	run -2 --separate-stderr combat-calc "$BATS_TEST_TMPDIR/big.xml"
	assert_equal "$stderr" "combat-calc: $BATS_TEST_TMPDIR/big.xml:1: error: invalid value '2147483648' for 'line' (1-2147483647)"
	run -2 --separate-stderr bash -c "printf 'move Cv 400\n' | move-check -T xml | sed 's/line=\"1\"/line=\"0\"/' | move-check"
	assert_equal "$stderr" "move-check: -:4: error: invalid value '0' for 'line' (1-2147483647)"
	run -2 --separate-stderr bash -c "campaign-catastrophe -s 7 -T xml '$TOP/samples/battle.txt' | sed '0,/line=\"[0-9]*\"/s//line=\"2147483648\"/' | campaign-catastrophe"
	assert_equal "$stderr" "campaign-catastrophe: -:3: error: invalid line '2147483648' (a whole number 1 to 2147483647)"
}

@test "roundtrip: an illegal move stays illegal through move-check -T xml | move-check" {
	run -1 bash -c "printf 'bound 4\nmove Bd,Bd,Bd 200 road id=legion\nmove Kn 300 id=legion\n' | move-check -T xml | move-check"
	assert_output '2: illegal  Bd,Bd,Bd 200/400 p, 1 PIP: column-required: a group moving along a road must be a column one element wide
3: illegal  Kn 300/300 p, 1 PIP: moved-twice: '"'legion'"' already moved at line 2
bound 1: 4 PIPs, 0 used, 4 unused'
}

@test "roundtrip: move-check XML carries every flag" {
	run -1 bash -c "printf 'move Cv 400 id=a breakoff=Bd end=good zoc=other screened far\\nmove Bd,Bd 200 frontage=wheel wheel=45 road column away turn engaged\\nmove Kn 0 flank-contact face hidden river difficult general\\nmove Art 100 contact zoc=contact\\n' | move-check -T xml"
	assert_line '    <move line="1" troops="Cv" distance="400" id="a" far="yes" breakoff="Bd" end="good" zoc="other" screened="yes" max="400" cost="2" verdict="ok"/>'
	assert_line '    <move line="2" troops="Bd,Bd" distance="200" road="yes" column="yes" away="yes" engaged="yes" frontage="wheel" wheel="45" turn="yes" max="400" cost="1" verdict="illegal">'
	assert_line '    <move line="3" troops="Kn" distance="0" difficult="yes" river="yes" general="yes" hidden="yes" flank-contact="yes" face="yes" max="100" cost="0" verdict="ok"/>'
	assert_line '    <move line="4" troops="Art" distance="100" contact="yes" zoc="contact" max="200" cost="1" verdict="illegal">'
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/f.xml"
	validate move.rng "$BATS_TEST_TMPDIR/f.xml"
}

@test "roundtrip: move-check, every input, --pips and --scale" {
	for f in $(move_inputs); do
		rt move-check move.rng "$f"
		rt move-check move.rng "$f" --pips=3
	done
	rt move-check move.rng "$FIX/move/units.txt" --scale=25mm
	rt move-check move.rng "$SAMPLES/bound.txt" --lang=ru
	rt move-check move.rng "$FIX/move/rules.txt" --rules=dba22
}

@test "roundtrip: move-check, the good moves of an input with errors" {
	run -2 move-check "$FIX/move/bad.txt"
	want=$output
	run bash -c "move-check -T xml '$FIX/move/bad.txt' 2>/dev/null | move-check"
	[ "$status" -le 1 ]
	assert_equal "$output" "$(grep -v '^move-check: ' <<<"$want")"
}

@test "roundtrip: move-check moves before any bound stay before any bound" {
	printf 'move Kn 300\nbound 2\nmove Bd 200\n' > "$BATS_TEST_TMPDIR/p.txt"
	run -0 bash -c "move-check -T xml --pips=1 '$BATS_TEST_TMPDIR/p.txt' | move-check"
	assert_output '1: ok       Kn 300/300 p, 1 PIP
bound 1: 1 PIP, 1 used, 0 unused
3: ok       Bd 200/200 p, 1 PIP
bound 2: 2 PIPs, 1 used, 1 unused'
}

@test "roundtrip: move-check XML keeps the numbers of the bounds, per file" {
	printf 'move Sp 200\nbound 3\nmove Sp 100\n' > "$BATS_TEST_TMPDIR/a.txt"
	printf '# tonight\n\nbound 2\nmove Sp 100\nbound 4\nmove Sp 100\n' > "$BATS_TEST_TMPDIR/b.txt"
	cd "$BATS_TEST_TMPDIR"
	run -0 move-check -T tsv a.txt b.txt
	assert_equal "$(cut -f 3 <<<"$output" | paste -s -d ' ')" 'bound 1 2 1 2'
	want=$(cut -f 2- <<<"$output" | sed 1d)
	run -0 bash -c 'move-check -T xml a.txt b.txt | move-check -T tsv'
	assert_equal "$(sed 1d <<<"$output")" "$want"
	run -0 bash -c 'move-check -T xml a.txt b.txt | move-check'
	assert_equal "$(grep '^bound' <<<"$output" | cut -d: -f1 | paste -s -d ' ')" 'bound 1 bound 2 bound 1 bound 2'
}

@test "roundtrip: combat-calc --matchup XML reads back without --matchup" {
	for o in "" --odds "--going --odds" "--rules=dba22 --going"; do
		run -0 --separate-stderr combat-calc $o --matchup=I/2a,I/2b "$FIX/combat/matchup.xml"
		want=$output
		run -0 --separate-stderr combat-calc -T xml $o --matchup=I/2a,I/2b "$FIX/combat/matchup.xml"
		printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/rt.xml"
		validate combat.rng "$BATS_TEST_TMPDIR/rt.xml"
		run -0 --separate-stderr combat-calc ${o/--going/} < "$BATS_TEST_TMPDIR/rt.xml"
		assert_equal "$stderr" ""
		assert_equal "$output" "$want"
	done
}

# ---- army lists: XML and list text in every language ------------------

# armies_rt IN: the XML of IN, and of its -T xml, tsv, json and jsonl
# read back, are the same armies but for file and line; its -T text in
# de, en and ru read back too, but for the text as written (the source's,
# not the armies').  TSV and text carry no rules label: where it came
# from (a German sheet's carrier) is not kept, the edition (BELLIS_RULES
# for lists of another edition than dba1) is.
armies_rt() {
	local in=$1 l F strip='s/ file="[^"]*"//; s/ line="[0-9]*"//'
	local nofrom='s/ rules-from="[a-z]*"//'
	armylist-parse "$in" 2>/dev/null | sed "$strip" > "$BATS_TEST_TMPDIR/a.xml"
	grep -q '<army ' "$BATS_TEST_TMPDIR/a.xml"
	for F in xml tsv json jsonl; do
		armylist-parse -T $F "$in" 2>/dev/null > "$BATS_TEST_TMPDIR/o.$F" || true
		run --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/o.$F"
		assert_equal "$stderr" ""
		sed "$strip" <<<"$output" > "$BATS_TEST_TMPDIR/b.xml"
		if [ $F = tsv ]; then
			diff <(sed "$nofrom" "$BATS_TEST_TMPDIR/a.xml") \
			    <(sed "$nofrom" "$BATS_TEST_TMPDIR/b.xml")
		else
			diff "$BATS_TEST_TMPDIR/a.xml" "$BATS_TEST_TMPDIR/b.xml"
		fi
	done
	strip="$strip; $nofrom"'; s/<elements text="[^"]*"/<elements/'
	sed -i "$nofrom"'; s/<elements text="[^"]*"/<elements/' "$BATS_TEST_TMPDIR/a.xml"
	for l in de en ru; do
		# the source's errors give status 2; their armies are written
		armylist-parse -T text --lang=$l "$in" 2>/dev/null > "$BATS_TEST_TMPDIR/t.txt" || true
		armylist-parse "$BATS_TEST_TMPDIR/t.txt" 2>"$BATS_TEST_TMPDIR/err" | sed "$strip" > "$BATS_TEST_TMPDIR/b.xml"
		diff "$BATS_TEST_TMPDIR/a.xml" "$BATS_TEST_TMPDIR/b.xml"
		# only the source's warnings come again (an army without dates)
		assert_equal "$(grep -v 'warning: no dates for army' "$BATS_TEST_TMPDIR/err")" ""
	done
}

@test "roundtrip: armylist-parse samples through -T xml|tsv|json|jsonl and -T text --lang=de|en|ru" {
	for f in "$SAMPLES"/armeelisten-* "$SAMPLES"/english-lists.*; do
		armies_rt "$f"
	done
	BELLIS_RULES=dba22 armies_rt "$FIX/armylist-parse/written.txt"
	# the 3.0 notation: Mtd-, brackets, dated and conditional options
	BELLIS_RULES=dba3 armies_rt "$FIX/lists3/notation.txt"
	grep -q '<troop code="Bw" written="Lb" figures="4" mounted="yes"/>' "$BATS_TEST_TMPDIR/a.xml"
	grep -q '<troop code="Sp" note="from 704BC"/>' "$BATS_TEST_TMPDIR/a.xml"
	armies_rt "$FIX/armylist-parse/sheet-semicolon.csv"
	grep -q '<note column="Bemerkungen">' "$BATS_TEST_TMPDIR/a.xml"
	# a column named with ': ' and a backslash; a sheet's own "Text"
	# column is a note, not our field
	armies_rt "$FIX/armylist-parse/notes-hard.csv"
	grep -q '<note column="a: b\\c">x: y\\z</note>' "$BATS_TEST_TMPDIR/a.xml"
	grep -q '<note column="Text">frei</note>' "$BATS_TEST_TMPDIR/a.xml"
}

@test "roundtrip: TSV from and to stand for dates written as words; JSON Lines lose only a bad line; an empty id is refused" {
	cd "$BATS_TEST_TMPDIR"
	printf 'id\tname\tfrom\tto\tdates\telements\nI/9\tFrühe\t-500\t-400\tearly times\t1x3Bd (Gen)\n' > d.tsv
	run -0 --separate-stderr armylist-parse -T json d.tsv
	assert_equal "$(jq -c '.armies[0].period' <<<"$output")" '{"from":-500,"to":-400,"text":"early times"}'
	armylist-parse -T jsonl "$SAMPLES/english-lists.txt" > all.jsonl
	{ head -2 all.jsonl; echo '{"id":"X", bad'; sed -n 3,4p all.jsonl; } > s.jsonl
	run -2 --separate-stderr armylist-parse -T jsonl s.jsonl
	assert_equal "$stderr" "armylist-parse: s.jsonl:3:12: error: invalid JSON: expected a member name in quotes, found 'b'"
	assert_equal "$(jq -r .id <<<"$output" | tr '\n' ' ')" "I/1a I/24a II/27b II/37 "
	printf '{"id":" ","name":{"text":"A"}}\n' > e.jsonl
	run -2 --separate-stderr armylist-parse e.jsonl
	assert_equal "$stderr" "armylist-parse: e.jsonl:1:1: error: JSON army: expected an object with an 'id' such as \"I/1a\""
}

@test "roundtrip: an aggression of up to nine digits reads back from JSON; a larger one is left out by every reader" {
	cd "$BATS_TEST_TMPDIR"
	# a name of its own: the column below does not hang on the checkout's path
	cp "$FIX/armylist-parse/aggression-limit.xml" .
	run -2 --separate-stderr armylist-parse -T json aggression-limit.xml
	echo "$output" > a.json
	assert_equal "$(jq -c '[.armies[].aggression]' a.json)" '[999999999,null,3]'
	run -0 --separate-stderr armylist-parse -T tsv a.json
	assert_equal "$stderr" ''
	assert_equal "$(cut -f1,6 <<<"$output" | tail -n +2 | tr '\t\n' ': ')" 'I/1a:999999999 I/1b: I/1c:3 '
	sed 's/"aggression":999999999/"aggression":1000000000/' a.json > b.json
	run -0 --separate-stderr armylist-parse -T tsv b.json
	assert_equal "$stderr" "armylist-parse: b.json:1:170: warning: unreadable aggression '1000000000' of army I/1a, left out"
}

@test "roundtrip: armylist-parse keeps the rules label, the notes and the incomplete mark" {
	for F in xml json jsonl; do
		run -0 bash -c "armylist-parse --rules=dba22 -T $F '$SAMPLES/english-lists.txt' | armylist-parse"
		assert_line --index 1 '<armylists version="1" rules="dba22" rules-from="option">'
	done
	for F in tsv json jsonl text; do
		run -0 bash -c "armylist-parse -T $F '$SAMPLES/armeelisten-121-180.tsv' | armylist-parse"
		assert_line '    <note column="Bemerkungen">Hastings</note>'
		run -0 bash -c "armylist-parse -T $F '$FIX/armylist-parse/corpus-garbled.txt' 2>/dev/null | armylist-parse"
		assert_line --partial '<army id="IV/58" '
		[[ $(grep 'id="IV/58"' <<<"$output") == *'incomplete="yes"'* ]]
	done
}

@test "roundtrip: -T tsv of several files has a file column that reads back" {
	run -0 armylist-parse -T tsv "$SAMPLES/english-lists.txt" "$SAMPLES/armeelisten-121-180.tsv"
	[[ ${lines[0]} == "file	id	name	from	to	"* ]]
	[[ ${lines[1]} == "$SAMPLES/english-lists.txt	I/1a	Early Sumerian	"* ]]
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/f.tsv"
	run -0 armylist-parse "$BATS_TEST_TMPDIR/f.tsv"
	assert_line --partial "<army id=\"123\" file=\"$SAMPLES/armeelisten-121-180.tsv\" line=\"8\">"
}

@test "roundtrip: the 590 corpus lists through -T xml|tsv|json|jsonl and -T text --lang=de|en|ru, spellings and figures kept" {
	BELLIS_RULES=dba22 armies_rt "$CORPUS/dba22-lists.txt"
	[ "$(grep -c 'written="HCh"' "$BATS_TEST_TMPDIR/a.xml")" -gt 0 ]
	[ "$(grep -c 'written="Cb"' "$BATS_TEST_TMPDIR/a.xml")" -gt 0 ]
	[ "$(grep -c 'code="Hd" figures="7"' "$BATS_TEST_TMPDIR/a.xml")" -gt 0 ]
}

# every_output_valid IN: armylist-parse writes one army per record of
# IN ($2, when given, is that count), and every output format of it, and
# of armylist-select and armylist-check over it, validates or is valid
# JSON, and reads back to as many armies.
every_output_valid() {
	local in=$1 n F d=$BATS_TEST_TMPDIR
	armylist-parse "$in" 2>/dev/null > "$d/x.xml" || true
	validate armylist.rng "$d/x.xml"
	n=$(grep -c '<army ' "$d/x.xml")
	[ -z "${2:-}" ] || assert_equal "$n" "$2"
	for F in tsv json jsonl text; do
		armylist-parse -T $F "$in" 2>/dev/null > "$d/o.$F" || true
		case $F in
		json) jq -e .armies "$d/o.$F" > /dev/null ;;
		jsonl) jq -e .id "$d/o.$F" > /dev/null ;;
		esac
		armylist-parse "$d/o.$F" 2>/dev/null > "$d/y.xml" || true
		validate armylist.rng "$d/y.xml"
		assert_equal "$(grep -c '<army ' "$d/y.xml")" "$n"
	done
	armylist-select -T xml --book=II "$in" 2>/dev/null > "$d/s.xml" || true
	validate armylist.rng "$d/s.xml"
	armylist-check -T xml "$in" 2>/dev/null > "$d/f.xml" || true
	validate findings.rng "$d/f.xml"
	armylist-check -T json "$in" 2>/dev/null | jq -e .summary > /dev/null
}

@test "roundtrip: every output over the three corpora validates and keeps every record" {
	every_output_valid "$CORPUS/dba22-lists.txt" 590
	every_output_valid "$CORPUS/dba3-lists.txt" 634
	for f in "$SAMPLES"/armeelisten-* "$SAMPLES"/english-lists.*; do
		every_output_valid "$f"
	done
}

# ---- campaign-catastrophe and campaign-survival: every flag and roll ----

# crt TOOL SCHEMA IN [OPTS...]: with -s 5, the text of IN and of its XML
# read back (without -s: the XML's seed stands for it) are the same.
crt() {
	local tool=$1 rng=$2 in=$3
	shift 3
	rt "$tool" "$rng" "$in" -s 5 "$@"
	run --separate-stderr "$tool" -s 5 "$@" "$in"
	want=$output
	run --separate-stderr bash -c '"$0" -T xml -s 5 "${@:2}" "$1" | "$0" "${@:2}"' "$tool" "$in" "$@"
	assert_equal "$stderr" ""
	assert_equal "$output" "$want"
}

@test "roundtrip: campaign-catastrophe, every input, rolled and --odds" {
	for f in "$SAMPLES/battle.txt" "$FIX/catastrophe/rows.txt" \
	    "$FIX/catastrophe/rows-bare.txt" "$FIX/catastrophe/two.txt" \
	    "$FIX/catastrophe/battle.xml" "$FIX/survival/battle.txt"; do
		crt campaign-catastrophe catastrophe.rng "$f"
		crt campaign-catastrophe catastrophe.rng "$f" --odds
		crt campaign-catastrophe catastrophe.rng "$f" --swap=13,14 --lang=de
	done
	crt campaign-catastrophe catastrophe.rng "$FIX/catastrophe/two.txt" --table="$FIX/catastrophe/table-2d6.xml"
}

@test "roundtrip: campaign-catastrophe random leaders, defectors and damage read back" {
	for s in 1 2 3 4 5 6 7 8; do
		run -0 bash -c "printf 'side A units=X:500,Y:400,Z:100:pc roll=15\nside B units=X:500,Y:500 roll=14\nside C units=X:500,Y:500 roll=17\n' > '$BATS_TEST_TMPDIR/r.txt'"
		want=$(campaign-catastrophe -s $s "$BATS_TEST_TMPDIR/r.txt")
		run -0 bash -c "campaign-catastrophe -T xml -s $s '$BATS_TEST_TMPDIR/r.txt' | campaign-catastrophe -s 99"
		assert_output "$want"
	done
}

@test "roundtrip: campaign-catastrophe without a seed: the XML's seed is -s" {
	run -0 campaign-catastrophe -T xml "$SAMPLES/battle.txt"
	seed=$(sed -n 's/.*seed="\([0-9]*\)".*/\1/p' <<<"$output")
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/s.xml"
	run -0 campaign-catastrophe "$BATS_TEST_TMPDIR/s.xml"
	assert_output "$(campaign-catastrophe -s "$seed" "$SAMPLES/battle.txt")"
	run -0 campaign-catastrophe -T xml "$BATS_TEST_TMPDIR/s.xml"
	assert_line --index 1 "<catastrophes version=\"1\" seed=\"$seed\">"
}

@test "roundtrip: campaign-catastrophe keeps the battles of several files" {
	two=$FIX/catastrophe/two.txt
	run -0 campaign-catastrophe -s 5 "$two" "$SAMPLES/battle.txt" "$two"
	want=$output
	run -0 bash -c "campaign-catastrophe -T xml -s 5 '$two' '$SAMPLES/battle.txt' '$two' | campaign-catastrophe"
	assert_output "$want"
	# unnamed battles are keyed by their number in their file: a file
	# given twice rolls the same dice twice (no warning: the same
	# records), and its output reads back with the battles numbered in
	# their file again
	printf 'side A ts=100 roll=10\nside B ts=100\nbattle\nside A ts=50\nside B ts=100\n' > "$BATS_TEST_TMPDIR/a.txt"
	run -0 --separate-stderr campaign-catastrophe -s 5 "$BATS_TEST_TMPDIR/a.txt" "$BATS_TEST_TMPDIR/a.txt"
	want=$output
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" 8
	assert_equal "${lines[*]:0:4}" "${lines[*]:4:4}"
	[ "${lines[1]}" != "${lines[3]}" ]
	assert_line --index 1 "B: roll 8, total 8: surprise (Enemy surprise); strategy=-1; ts 100 -> 110"
	run -0 --separate-stderr bash -c "campaign-catastrophe -T xml -s 5 '$BATS_TEST_TMPDIR/a.txt' '$BATS_TEST_TMPDIR/a.txt' 2>/dev/null | campaign-catastrophe"
	assert_equal "$stderr" ""
	assert_output "$want"
}

@test "roundtrip: campaign-survival, every input, with --glory-table and --battle" {
	S=$FIX/survival
	for f in "$SAMPLES/party.txt" "$S/party.txt" "$S/party.xml" "$S/battle-party.txt"; do
		crt campaign-survival survival.rng "$f"
		crt campaign-survival survival.rng "$f" --glory-table="$SAMPLES/glory.xml" --lang=ru
		crt campaign-survival survival.rng "$f" --battle="$S/battle.xml"
	done
}

@test "roundtrip: campaign-survival carries what --battle did without it" {
	S=$FIX/survival
	run -0 campaign-survival -s 1 --battle="$S/battle.xml" "$S/battle-party.txt"
	want=$output
	run -0 bash -c "campaign-survival -T xml -s 1 --battle='$S/battle.xml' '$S/battle-party.txt' | campaign-survival"
	assert_output "$want"
	assert_line "Gaius: unconscious (leader-killed); battle skill 13: no survival or glory roll; ht 12 -> 12; strategy as catastrophe"
}

@test "roundtrip: campaign-survival random hits, locations and glory read back" {
	for s in 1 2 3 4 5 6 7 8; do
		want=$(campaign-survival -s $s "$SAMPLES/party.txt")
		run -0 bash -c "campaign-survival -T xml -s $s '$SAMPLES/party.txt' | campaign-survival -s 99"
		assert_output "$want"
	done
}

@test "roundtrip: campaign tools, the good records of an input with errors" {
	for t in catastrophe survival; do
		run -2 campaign-$t -s 5 "$FIX/$t/errors.txt"
		want=$output
		run -0 bash -c "campaign-$t -T xml -s 5 '$FIX/$t/errors.txt' 2>/dev/null | campaign-$t"
		assert_equal "$output" "$(grep -v "^campaign-$t: " <<<"$want")"
	done
}

@test "roundtrip: campaign outputs read back, hostile: truncated, wrong root, bad rolls, huge attribute" {
	campaign-catastrophe -s 3 -T xml "$SAMPLES/battle.txt" > "$BATS_TEST_TMPDIR/c.xml"
	campaign-survival -s 3 -T xml "$SAMPLES/party.txt" > "$BATS_TEST_TMPDIR/p.xml"
	# truncated: the records before the cut, then an error
	head -c 700 "$BATS_TEST_TMPDIR/c.xml" > "$BATS_TEST_TMPDIR/t.xml"
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/t.xml"
	[[ $stderr == "campaign-catastrophe: $BATS_TEST_TMPDIR/t.xml:"*"error: "* ]]
	head -c 500 "$BATS_TEST_TMPDIR/p.xml" > "$BATS_TEST_TMPDIR/t.xml"
	run -2 --separate-stderr campaign-survival "$BATS_TEST_TMPDIR/t.xml"
	[[ $stderr == "campaign-survival: $BATS_TEST_TMPDIR/t.xml:"*"error: "* ]]
	# the other tool's output is the wrong root
	run -2 --separate-stderr campaign-survival -s 1 "$BATS_TEST_TMPDIR/c.xml"
	[[ $stderr == *"error: root element 'catastrophes' is not 'party' (not an input document)" ]]
	assert_output ""
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/p.xml"
	[[ $stderr == *"error: root element 'survival' is not 'battles' (not an input document)" ]]
	# an effect naming no unit of the side, a location roll off the dice
	printf '<catastrophes version="1" seed="1"><side name="A" line="1" rolls="15" total="15" event="leader-wounded"><effect leader="Q" damage="3"/><text lang="en">x</text><unit name="X" ts="10"/></side></catastrophes>\n' > "$BATS_TEST_TMPDIR/u.xml"
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/u.xml"
	assert_equal "$stderr" "campaign-catastrophe: $BATS_TEST_TMPDIR/u.xml:1: error: effect leader 'Q' is not a unit of the side"
	assert_output ""
	sed 's/location-roll="[0-9]*"/location-roll="19"/' "$BATS_TEST_TMPDIR/p.xml" > "$BATS_TEST_TMPDIR/l.xml"
	grep -q 'location-roll="19"' "$BATS_TEST_TMPDIR/l.xml"
	run -2 --separate-stderr campaign-survival "$BATS_TEST_TMPDIR/l.xml"
	[[ $stderr == *"error: invalid location-roll '19' (a whole number 3 to 18)"* ]]
	# a huge name and a far battle number neither crash nor hang
	big=$(head -c 200000 /dev/zero | tr '\0' x)
	printf '<catastrophes version="1" seed="1"><side name="%s" battle="999999999" line="1" rolls="9" total="9" event="surprise"><effect strategy="-1"/><text lang="en">x</text></side></catastrophes>\n' "$big" > "$BATS_TEST_TMPDIR/h.xml"
	run -0 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/h.xml"
	[[ $output == "$big: roll 9, total 9: surprise"* ]]
}
