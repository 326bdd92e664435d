#!/usr/bin/env bats
# Round trips (issue 12, item 3): the XML of combat-calc and move-check
# carries every input flag and roll, so that `tool -T xml OPTS IN | tool
# OPTS` prints what `tool OPTS IN` prints, with the same exit status.
# Neither tool reads TSV or JSON, so only XML goes round.
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
bound: 1 PIP, 1 used, 0 unused
3: ok       Bd 200/200 p, 1 PIP
bound 2: 2 PIPs, 1 used, 1 unused'
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

# ---- army lists: XML and list text in every language (issue 12, item 4)

# armies_rt IN: the XML of IN, and of its -T xml and its -T text in de,
# en and ru read back, are the same armies (file, line, the text as
# written and the incomplete mark are the source's, not the armies').
armies_rt() {
	local in=$1 l strip='s/ file="[^"]*"//; s/ line="[0-9]*"//; s/<elements text="[^"]*"/<elements/; s/ incomplete="yes"//'
	armylist-parse "$in" 2>/dev/null | sed "$strip" > "$BATS_TEST_TMPDIR/a.xml"
	grep -q '<army ' "$BATS_TEST_TMPDIR/a.xml"
	armylist-parse -T xml "$in" 2>/dev/null | armylist-parse | sed "$strip" > "$BATS_TEST_TMPDIR/b.xml"
	diff "$BATS_TEST_TMPDIR/a.xml" "$BATS_TEST_TMPDIR/b.xml"
	for l in de en ru; do
		# the source's errors give status 2; their armies are written
		armylist-parse -T text --lang=$l "$in" 2>/dev/null > "$BATS_TEST_TMPDIR/t.txt" || true
		armylist-parse "$BATS_TEST_TMPDIR/t.txt" 2>"$BATS_TEST_TMPDIR/err" | sed "$strip" > "$BATS_TEST_TMPDIR/b.xml"
		diff "$BATS_TEST_TMPDIR/a.xml" "$BATS_TEST_TMPDIR/b.xml"
		# only the source's warnings come again (an army without dates)
		assert_equal "$(grep -v 'warning: no dates for army' "$BATS_TEST_TMPDIR/err")" ""
	done
}

@test "roundtrip: armylist-parse samples through -T xml and -T text --lang=de|en|ru" {
	for f in "$SAMPLES"/armeelisten-* "$SAMPLES"/english-lists.*; do
		armies_rt "$f"
	done
	armies_rt "$FIX/armylist-parse/written.txt"
}

@test "roundtrip: the 590 corpus lists through -T xml and -T text --lang=de|en|ru, spellings and figures kept" {
	[ -f "$SHARED/corpus/dba22-lists.txt" ] || skip "../shared/corpus is not here"
	armies_rt "$SHARED/corpus/dba22-lists.txt"
	[ "$(grep -c 'written="HCh"' "$BATS_TEST_TMPDIR/a.xml")" -gt 0 ]
	[ "$(grep -c 'written="Cb"' "$BATS_TEST_TMPDIR/a.xml")" -gt 0 ]
	[ "$(grep -c 'code="Hd" figures="7"' "$BATS_TEST_TMPDIR/a.xml")" -gt 0 ]
}
