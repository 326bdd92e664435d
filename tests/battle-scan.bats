#!/usr/bin/env bats
# battle-scan: the reader's errors, every derived word in a position that
# has it and in one just outside it (a pace beyond the tolerance, a
# degree off), the plan's flags, the outputs and the pipelines.
load helpers/common

# e ID TROOP X Y FACING [ATTRS]: one element
e() {
	printf '<element id="%s" troop="%s" x="%s" y="%s" facing="%s" %s/>\n' \
	    "$1" "$2" "$3" "$4" "$5" "${6:-}"
}

# field: $RED and $BLUE elements, $TERRAIN, into $F
field() {
	F=$BATS_TEST_TMPDIR/f.xml
	{
		echo '<battlefield version="1" width="2400" height="2400">'
		printf '%s\n' "${TERRAIN:-}"
		printf '<side name="red" pips="4" %s>\n%s\n</side>\n' \
		    "${REDATTR:-}" "${RED:-}"
		printf '<side name="blue" pips="3">\n%s\n</side>\n' "${BLUE:-}"
		echo '</battlefield>'
	} > "$F"
}

# combat LINE: the combat line of the field (one front contact)
combat() {
	field
	run -0 battle-scan -T combat ${OPTS:-} "$F"
	assert_line "$1"
}

# nocombat: no combat line at all
nocombat() {
	field
	run -0 battle-scan -T combat ${OPTS:-} "$F"
	refute_line --regexp '^[A-Z]'
}

poly() {
	local kind=$1; shift
	printf '<%s>' "$kind"
	while [ $# -gt 1 ]; do
		printf '<point x="%s" y="%s"/>' "$1" "$2"
		shift 2
	done
	printf '</%s>\n' "${kind%% *}"
}

setup() {
	RED=$(e r1 Bd 1200 800 0)
	BLUE=$(e b1 Kn 1200 800 180)
	TERRAIN=
	REDATTR=
	OPTS=
}

@test "battle-scan: every EXAMPLE of the man page, with its status" {
	# the picture's field.xml and bound.txt: the river crossing
	mkdir "$BATS_TEST_TMPDIR/examples"
	cp "$TOP/samples/battle-river.xml" "$BATS_TEST_TMPDIR/examples/field.xml"
	cp "$TOP/samples/battle-river.plan" "$BATS_TEST_TMPDIR/examples/bound.txt"
	# 1: move-check finds an illegal move (its EXIT STATUS), in the plan
	# and in the picture's verdicts
	man_examples battle-scan.1 0 0 1 0 1 1 0 0
	assert_equal "$(head -c 5 table.pdf)" "%PDF-"
	# the A4 sheet's picture: a page of A4
	pdfinfo a4.pdf | grep -q '^Page size: .*(A4)'
	assert_equal "$(cat v.txt)" "$(battle-scan -T moves --plan=bound.txt field.xml | move-check)"
}

# ---- the reader -------------------------------------------------------

@test "battle-scan: the battlefield's rules label is followed unless --rules" {
	BLUE=$(e b1 Hd 1200 800 180)
	field
	sed 's/<battlefield /<battlefield rules="dba22" /' "$F" > "$BATS_TEST_TMPDIR/22.xml"
	run -0 --separate-stderr battle-scan -T combat "$BATS_TEST_TMPDIR/22.xml"
	assert_equal "$stderr" ''
	assert_line "Hd vs Bd"
	# the XML and JSON say which edition a field was scanned with
	run -0 battle-scan -T xml "$BATS_TEST_TMPDIR/22.xml"
	assert_line --index 1 '<battle-scan version="1" rules="dba1">'
	assert_line --index 2 "  <battlefield file=\"$BATS_TEST_TMPDIR/22.xml\" rules=\"dba22\" width=\"2400\" height=\"2400\">"
	run -0 battle-scan -T json "$BATS_TEST_TMPDIR/22.xml"
	[[ $output == '{"version":1,"rules":"dba1","battlefields":[{"file":"'"$BATS_TEST_TMPDIR"'/22.xml","rules":"dba22","width":2400,'* ]]
	run -0 battle-scan -T xml --rules=dba22 "$BATS_TEST_TMPDIR/22.xml"
	assert_line --index 2 "  <battlefield file=\"$BATS_TEST_TMPDIR/22.xml\" width=\"2400\" height=\"2400\">"
	# --rules wins over the label
	run -2 --separate-stderr battle-scan -T combat --rules=dba1 "$BATS_TEST_TMPDIR/22.xml"
	assert_equal "$stderr" "battle-scan: $BATS_TEST_TMPDIR/22.xml:7: error: troop type 'Hd' has no dba1 rules data"
	# a label naming no edition
	sed 's/<battlefield /<battlefield rules="dba9" /' "$F" > "$BATS_TEST_TMPDIR/9.xml"
	run -2 --separate-stderr battle-scan -T combat "$BATS_TEST_TMPDIR/9.xml"
	assert_equal "$stderr" "battle-scan: $BATS_TEST_TMPDIR/9.xml:1: error: battlefield labelled rules='dba9', not a rules edition (dba1, dba22, dba3, or give --rules=FILE)"
	assert_output "# $BATS_TEST_TMPDIR/9.xml"
	run -0 --separate-stderr battle-scan -T combat --rules=dba22 "$BATS_TEST_TMPDIR/9.xml"
	assert_equal "$stderr" ''
	run -0 grep -c '^\.It Sy bf-unknown-rules Pq error$' "$TOP/man/battle-scan.1"
}

@test "battle-scan: a DOCTYPE and a wrong root are refused, nothing written for them" {
	printf '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<battlefield/>\n' > "$BATS_TEST_TMPDIR/d.xml"
	run -2 --separate-stderr battle-scan "$BATS_TEST_TMPDIR/d.xml"
	assert_equal "${stderr%%$'\n'*}" "battle-scan: $BATS_TEST_TMPDIR/d.xml:2: error: DOCTYPE not allowed (no DTDs or entities are read)"
	assert_equal "$output" ""
	echo '<combats version="1"/>' > "$BATS_TEST_TMPDIR/r.xml"
	run -2 --separate-stderr battle-scan "$BATS_TEST_TMPDIR/r.xml"
	grep -qx "battle-scan: $BATS_TEST_TMPDIR/r.xml:1: error: unexpected root element 'combats' (expected 'battlefield')" <<<"$stderr"
	assert_equal "$output" ""
	# the next file is read; -T xml writes its document with that one
	run -2 --separate-stderr battle-scan -T xml "$BATS_TEST_TMPDIR/r.xml" "$SAMPLES/battle-line.xml"
	assert_equal "$output" "$(battle-scan -T xml "$SAMPLES/battle-line.xml")"
}

@test "battle-scan: bases one tolerance into each other touch; one pace more intersect" {
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1358 800 0)"
	field
	run -0 battle-scan "$F"
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1357 800 0)"
	field
	run -2 --separate-stderr battle-scan "$F"
	assert_equal "$stderr" "battle-scan: $F:5: error: element 'r2' intersects 'r1' (line 4)"
}

@test "battle-scan: off the table by the tolerance is on; a pace more is off" {
	RED=$(e r1 Bd 78 800 0)
	field
	run -0 battle-scan "$F"
	RED=$(e r1 Bd 77 800 0)
	field
	run -2 --separate-stderr battle-scan "$F"
	assert_equal "$stderr" "battle-scan: $F:4: error: element 'r1' is off the table"
}

# ---- front contact, flank, rear -----------------------------------------

@test "battle-scan: front contact at the tolerance, not a pace beyond" {
	BLUE=$(e b1 Kn 1200 802 180)
	combat "Kn vs Bd"
	BLUE=$(e b1 Kn 1200 803 180)
	nocombat
}

@test "battle-scan: front contact a degree off, not two" {
	BLUE=$(e b1 Kn 1200 800 181)
	combat "Kn vs Bd"
	BLUE=$(e b1 Kn 1200 800 179)
	combat "Kn vs Bd"
	# two degrees turn the corners 2.8 paces: a wider tolerance keeps
	# them apart, so that only the angle decides
	OPTS=--tolerance=5
	BLUE=$(e b1 Kn 1200 800 182)
	nocombat
	BLUE=$(e b1 Kn 1200 800 181)
	combat "Kn vs Bd"
	OPTS=
	RED=$(e r1 Bd 1200 800 359.5)
	BLUE=$(e b1 Kn 1200 800 180.4)
	combat "Kn vs Bd"
}

@test "battle-scan: front corners touching only are no contact" {
	BLUE=$(e b1 Kn 1360 800 180)
	nocombat
	BLUE=$(e b1 Kn 1357 800 180)
	combat "Kn vs Bd"
}

@test "battle-scan: flank contact on the right, not a pace beyond" {
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Cv 1280 770 270)"
	combat "Kn vs Bd flank"
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Cv 1283 770 270)"
	combat "Kn vs Bd"
}

@test "battle-scan: flank contact on the left and rear contact" {
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Cv 1120 770 90)
$(e b3 Cv 1200 740 0)"
	combat "Kn vs Bd flank rear"
	BLUE="$(e b1 Kn 1200 800 180)
$(e b3 Cv 1200 737 0)"
	combat "Kn vs Bd"
}

# ---- overlaps -------------------------------------------------------------

@test "battle-scan: overlap by a front corner on the corner, not a pace off" {
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bw 1360 800 0)"
	combat "Kn overlap vs Bd"
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bw 1363 800 0)"
	combat "Kn vs Bd"
}

@test "battle-scan: overlaps on both sides; not by an element in front contact" {
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bw 1360 800 0)
$(e r3 Bw 1040 800 0)"
	combat "Kn overlap=2 vs Bd"
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Kn 1360 800 180)"
	combat "Kn overlap vs Bd"
	assert_line "Kn vs Bw"
}

@test "battle-scan: no overlap on a side with a flank contact" {
	BLUE="$(e b1 Kn 1200 800 180)
$(e b3 Kn 1040 800 180)"
	combat "Kn vs Bd overlap"
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Bd 1120 720 90)
$(e b3 Kn 1040 800 180)"
	combat "Kn vs Bd flank"
}

@test "battle-scan: an enemy whose front is on a flank overlaps no one" {
	# b2's front is on r2's left flank; its right front corner is on
	# r1's right front corner
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1440 720 90)"
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Bd 1360 800 180)"
	field
	run -0 battle-scan -T combat "$F"
	assert_output "# $F
# b1 at 1200,800 facing 180 vs r1 at 1200,800 facing 0
Kn vs Bd"
	run -0 battle-scan "$F"
	assert_line '  r2     Bd  1440,720 facing 90: good, level 0; left flank b2; zone of control of b2'
	# on its rear likewise
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1360 740 180)"
	field
	run -0 battle-scan -T combat "$F"
	assert_line "Kn vs Bd"
	refute_line --partial overlap
	# b2 free of contact overlaps r1
	RED=$(e r1 Bd 1200 800 0)
	field
	run -0 battle-scan -T combat "$F"
	assert_line "Kn vs Bd overlap"
}

@test "battle-scan: two Psiloi on a flank and an overlap: every attacker in every output, no limit" {
	RED=$(e r1 El 1200 800 0)
	BLUE="$(e b1 Bd 1200 800 180)
$(e p1 Ps 1120 800 90)
$(e p2 Ps 1120 640 90)
$(e b3 Bd 1360 800 180)"
	combat "Bd vs El overlap flank=2"
	run -0 bash -c "battle-scan -T combat '$F' | combat-calc"
	assert_output "3: Bd 3 = 3  vs  El 4 -1 overlap -2 flank = 1"
	run -0 battle-scan "$F"
	assert_line '  r1     El  1200,800 facing 0: good, level 0; front b1; left flank p1,p2; overlapped right by b3; zone of control of b1,p1,p2'
	run -0 battle-scan -T xml "$F"
	assert_line '      <flank side="left" by="p1"/>'
	assert_line '      <flank side="left" by="p2"/>'
	run -0 battle-scan -T json "$F"
	assert_output --partial '"front":"b1","front_contacts":1,"flank_left":["p1","p2"],"overlap_right":"b3","zoc":'
	# two on the rear
	BLUE="$(e b1 Bd 1200 800 180)
$(e p1 Ps 1120 640 0)
$(e p2 Ps 1280 640 0)"
	combat "Bd vs El rear=2"
	run -0 battle-scan "$F"
	assert_line --partial '; front b1; rear p1,p2;'
	run -0 battle-scan -T jsonl "$F"
	assert_output --partial '"rear":["p1","p2"]'
}

@test "battle-scan: one enemy overlaps two elements, one on each of its sides" {
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1520 800 0)"
	BLUE="$(e b1 Kn 1200 800 180)
$(e b2 Kn 1520 800 180)
$(e b3 Wb 1360 800 180)"
	field
	run -0 battle-scan -T combat "$F"
	assert_line "Kn vs Bd overlap"
	[ "$(grep -c '^Kn vs Bd overlap$' <<<"$output")" -eq 2 ]
}

@test "battle-scan: a camp is overlapped only by Bows and has no flanks" {
	TERRAIN=$(poly 'camp side="blue"' 900 800 1500 800 1500 1100 900 1100)
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Wb 1360 800 0)
$(e r3 Cv 1280 880 270)"
	BLUE=$(e b1 CF 1200 800 180)
	combat "CF camp vs Bd attacks-camp"
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bw 1360 800 0)"
	combat "CF camp overlap vs Bd attacks-camp"
}

# ---- support ---------------------------------------------------------------

@test "battle-scan: rear support directly behind, not a pace back or a degree more" {
	RED="$(e r1 Sp 1200 800 0)
$(e r2 Sp 1200 740 0)"
	combat "Kn vs Sp support"
	RED="$(e r1 Sp 1200 800 0)
$(e r2 Sp 1200 737 0)"
	combat "Kn vs Sp"
	OPTS=--tolerance=5
	RED="$(e r1 Sp 1200 800 0)
$(e r2 Sp 1200 740 1)"
	combat "Kn vs Sp support"
	RED="$(e r1 Sp 1200 800 0)
$(e r2 Sp 1200 740 2)"
	combat "Kn vs Sp"
	OPTS=
	RED="$(e r1 Sp 1200 800 0)
$(e r2 Sp 1203 740 0)"
	combat "Kn vs Sp"
}

@test "battle-scan: Psiloi support for Blades; none for Knights or a Bow behind" {
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Ps 1200 740 0)"
	combat "Kn vs Bd psiloi"
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bw 1200 740 0)"
	combat "Kn vs Bd"
}

@test "battle-scan: rear support lost when the supporter stands in difficult going" {
	TERRAIN=$(poly 'feature kind="marsh" going="difficult"' 1000 600 1400 600 1400 720 1000 720)
	RED="$(e r1 Sp 1200 800 0)
$(e r2 Sp 1200 740 0)"
	field
	run -0 battle-scan -T combat "$F"
	assert_line "Kn vs Sp"
	assert_line --partial "r2 behind r1 stands in difficult going: no support"
}

# ---- terrain ---------------------------------------------------------------

@test "battle-scan: difficult going by the base centre, not a pace outside" {
	TERRAIN=$(poly 'feature kind="wood" going="difficult"' 1000 500 1400 500 1400 771 1000 771)
	combat "Kn vs Bd difficult"
	TERRAIN=$(poly 'feature kind="wood" going="difficult"' 1000 500 1400 500 1400 769 1000 769)
	combat "Kn vs Bd"
}

@test "battle-scan: uphill on a higher hill level, not a pace below its edge" {
	TERRAIN=$(poly 'feature kind="hill" height="1"' 1000 500 1400 500 1400 771 1000 771)
	combat "Kn vs Bd uphill"
	TERRAIN="$(poly 'feature kind="hill" height="1"' 1000 500 1400 500 1400 900 1000 900)
$(poly 'feature kind="hill" height="2"' 1100 600 1300 600 1300 780 1100 780)"
	combat "Kn vs Bd uphill"
	TERRAIN=$(poly 'feature kind="hill" height="1"' 1000 500 1400 500 1400 769 1000 769)
	combat "Kn vs Bd"
}

@test "battle-scan: river bank, ford, river roll; not a pace out of the river" {
	TERRAIN='<river width="80" roll="4"><point x="0" y="900"/><point x="2400" y="900"/></river>'
	combat "Kn vs Bd riverbank river-roll=4"
	TERRAIN='<river width="80"><point x="0" y="901"/><point x="2400" y="901"/></river>'
	combat "Kn vs Bd"
	TERRAIN='<river width="80"><point x="0" y="900"/><point x="2400" y="900"/></river>
<road width="40"><point x="1200" y="0"/><point x="1200" y="2400"/></road>'
	combat "Kn vs Bd riverbank ford"
}

@test "battle-scan: camp defended, not a pace outside it" {
	TERRAIN=$(poly 'camp side="red"' 1000 500 1400 500 1400 771 1000 771)
	combat "Kn attacks-camp vs Bd camp"
	TERRAIN=$(poly 'camp side="red"' 1000 500 1400 500 1400 769 1000 769)
	combat "Kn vs Bd"
}

@test "battle-scan: the general" {
	RED=$(e r1 Bd 1200 800 0 'general="yes"')
	combat "Kn vs Bd general"
}

# ---- command distance and sight -------------------------------------------

@test "battle-scan: far at 1200 paces from the general, not at 1199" {
	RED="$(e g Bd 1200 200 0 'general="yes"')
$(e r1 Bd 1200 1460 0)"
	BLUE=
	printf 'move r1 fwd 10\n' > "$BATS_TEST_TMPDIR/p"
	field
	run -0 battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p" "$F"
	assert_line "move Bd 10 id=r1 far"
	RED="$(e g Bd 1200 200 0 'general="yes"')
$(e r1 Bd 1200 1459 0)"
	field
	run -0 battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p" "$F"
	assert_line "move Bd 10 id=r1"
}

@test "battle-scan: hidden 600 paces away behind a wood; not at 599, not beside it" {
	RED="$(e g Bd 1200 200 0 'general="yes"')
$(e r1 Bd 1200 860 0)"
	BLUE=
	TERRAIN=$(poly 'feature kind="wood" going="difficult"' 800 400 1600 400 1600 600 800 600)
	printf 'move r1 fwd 10\n' > "$BATS_TEST_TMPDIR/p"
	field
	run -0 battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p" "$F"
	assert_line "move Bd 10 id=r1 hidden"
	RED="$(e g Bd 1200 200 0 'general="yes"')
$(e r1 Bd 1200 859 0)"
	field
	run -0 battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p" "$F"
	assert_line "move Bd 10 id=r1"
	TERRAIN=$(poly 'feature kind="wood" going="difficult"' 800 400 1250 400 1250 600 800 600)
	RED="$(e g Bd 1200 200 0 'general="yes"')
$(e r1 Bd 1200 860 0)"
	field
	run -0 battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p" "$F"
	assert_line "move Bd 10 id=r1"
}

# ---- zones of control ------------------------------------------------------

@test "battle-scan: standing in a zone of control, not at the tolerance, screened" {
	BLUE=$(e b1 Kn 1200 800 180)
	RED=$(e r1 Bd 1200 700 0)
	field
	run -0 battle-scan -T xml "$F"
	assert_line --partial '<zoc of="b1" screened="no"/>'
	RED=$(e r1 Bd 1200 643 0)
	field
	run -0 battle-scan -T xml "$F"
	assert_line --partial '<zoc of="b1" screened="no"/>'
	RED=$(e r1 Bd 1200 642 0)
	field
	run -0 battle-scan -T xml "$F"
	refute_line --partial '<zoc of="b1"'
	RED="$(e r1 Bd 1200 660 0)
$(e r2 Ps 1200 740 0)"
	field
	run -0 battle-scan -T xml "$F"
	assert_line --partial '<zoc of="b1" screened="yes"/>'
}

# ---- the plan ----------------------------------------------------------------

plan() {
	printf '%s\n' "$@" > "$BATS_TEST_TMPDIR/p"
	field
	run battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p" "$F"
}

# planned LINE MOVE...: the plan gives the move line LINE
planned() {
	local want=$1
	shift
	plan "$@"
	assert_line "$want"
}

# judged STATUS LINE: move-check's verdict on the last plan
judged() {
	run -"$1" bash -c "battle-scan -T moves --plan='$BATS_TEST_TMPDIR/p' '$F' 2>/dev/null | move-check"
	assert_line "$2"
}

@test "battle-scan: plan distances: fwd, side, wheel by the outer corner, turn by the longest corner arc" {
	BLUE=
	plan 'move r1 fwd 120' 'move r1 side -50'
	assert_line "move Bd 120 id=r1"
	assert_failure
	plan 'move r1 wheel 90'
	assert_line "move Bd 251 id=r1"
	plan 'move r1 turn 180'
	assert_line "move Bd 268 id=r1"
	plan 'move r1 to 1200,900,0'
	assert_line "move Bd 100 id=r1"
	plan 'move r1 wheel -45 fwd 100'
	assert_line "move Bd 226 id=r1"
}

@test "battle-scan: plan errors: unknown id, twice, unknown step, bad value" {
	BLUE=
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1600 800 0)"
	plan 'move r3 fwd 10' 'move r1 fwd 10' 'move r1 fwd 10' 'move r2 jump 4' \
	    'move r2 fwd x' 'move r1,r2 fwd 10' 'walk r2'
	assert_failure 2
	assert_line --partial "p:1:6: error: unknown element 'r3' (did you mean 'r1'?)"
	assert_line --partial "p:3:6: error: element 'r1' moves twice in the bound (first at line 2)"
	assert_line --partial "p:4:9: error: unknown step 'jump' (fwd, back, side, wheel, turn, to)"
	assert_line --partial "p:5:13: error: invalid value 'x' for 'fwd'"
	assert_line --partial "p:7:1: error: expected 'move ID[,ID...] STEP...', not 'walk'"
}

@test "battle-scan: a group's members must touch (a corner will do)" {
	BLUE=
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1360 860 0)"
	plan 'move r1,r2 fwd 100'
	assert_success
	assert_line "move Bd,Bd 100 id=r1+r2"
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1363 800 0)"
	plan 'move r1,r2 fwd 100'
	assert_failure 2
	assert_line --partial "error: group member 'r1' touches no other member"
}

@test "battle-scan: column one element wide; a line is not" {
	BLUE=
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1200 740 0)
$(e r3 Bd 1200 680 0)"
	plan 'move r1,r2,r3 fwd 100'
	assert_line "move Bd,Bd,Bd 100 id=r1+r2+r3 column"
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1360 800 0)"
	plan 'move r1,r2 fwd 100 turn 90'
	assert_line --regexp "^move Bd,Bd [0-9]+ id=r1\+r2 turn$"
}

@test "battle-scan: path through difficult going, end going, road, river" {
	BLUE=
	TERRAIN=$(poly 'feature kind="wood" going="difficult"' 1000 1000 1400 1000 1400 1005 1000 1005)
	plan 'move r1 fwd 300'
	assert_line "move Bd 300 id=r1 difficult end=good"
	TERRAIN=$(poly 'feature kind="wood" going="difficult"' 1000 1102 1400 1102 1400 1200 1000 1200)
	plan 'move r1 fwd 300'
	assert_line "move Bd 300 id=r1"
	TERRAIN='<road width="40"><point x="1200" y="0"/><point x="1200" y="2400"/></road>'
	plan 'move r1 fwd 300'
	assert_line "move Bd 300 id=r1 road"
	TERRAIN='<river width="60"><point x="0" y="1000"/><point x="2400" y="1000"/></river>'
	plan 'move r1 fwd 300'
	assert_line "move Bd 300 id=r1 river"
}

@test "battle-scan: contact, breakoff, flank contact and face" {
	BLUE=$(e b1 Kn 1200 900 180)
	plan 'move r1 fwd 100'
	assert_line "move Bd 100 id=r1 contact zoc=contact"
	BLUE=$(e b1 LH 1200 800 180)
	plan 'move r1 back 100'
	assert_line "move Bd 100 id=r1 breakoff=LH zoc=withdraw"
	# turning to face an enemy already on the flank is no new contact
	BLUE=$(e b1 Kn 1280 770 270)
	plan 'move r1 to 1280,770,90'
	assert_line --regexp "^move Bd [0-9]+ id=r1 flank-contact face zoc=contact$"
}

@test "battle-scan: contact is any edge: front onto an enemy's flank or rear; Art and WWg refused" {
	# a WWg onto a Bd's flank
	RED=$(e r1 WWg 1000 830 90)
	BLUE=$(e b1 Bd 1200 800 180)
	planned "move WWg 120 id=r1 contact" 'move r1 fwd 120'
	judged 1 "4: illegal  WWg 120/200 p, 1 PIP: no-contact: WWg may never move into contact"
	# Art onto a Bd's rear
	RED=$(e r1 Art 1200 540 0)
	BLUE=$(e b1 Bd 1200 800 0)
	planned "move Art 200 id=r1 contact" 'move r1 fwd 200'
	judged 1 "4: illegal  Art 200/200 p, 1 PIP: no-contact: Art may never move into contact"
	# a Bd's flank onto an enemy's front
	RED=$(e r1 Bd 1000 770 90)
	BLUE=$(e b1 Bd 1200 690 0)
	planned "move Bd 200 id=r1 contact zoc=contact" 'move r1 fwd 200'
	# stopping a pace short, or at a corner only, is no contact
	RED=$(e r1 WWg 1000 830 90)
	BLUE=$(e b1 Bd 1200 800 180)
	planned "move WWg 117 id=r1" 'move r1 fwd 117'
	RED=$(e r1 WWg 1000 940 90)
	planned "move WWg 120 id=r1" 'move r1 fwd 120'
}

@test "battle-scan: breakoff also when the front is on the enemy's flank" {
	# a Bd whose front is on a Bd's flank backs off: the enemy is no slower
	RED=$(e r1 Bd 1120 830 90)
	BLUE=$(e b1 Bd 1200 800 180)
	planned "move Bd 100 id=r1 breakoff=Bd" 'move r1 back 100'
	judged 1 "4: illegal  Bd 100/200 p, 1 PIP: breakoff: the enemy Bd moves 200 paces in good going, no less than the mover's 200"
	# Light Horse may leave the slower Bd; likewise from its rear
	RED=$(e r1 LH 1120 830 90)
	planned "move LH 200 id=r1 breakoff=Bd" 'move r1 back 200'
	judged 0 "4: ok       LH 200/500 p, 1 PIP"
	RED=$(e r1 Bd 1200 860 180)
	planned "move Bd 100 id=r1 breakoff=Bd" 'move r1 back 100'
	# of two enemies at its front, the faster one
	RED=$(e r1 Bd 1120 830 90)
	BLUE="$(e b1 Bd 1200 800 180)
$(e b2 LH 1120 720 270)"
	planned "move Bd 100 id=r1 breakoff=LH zoc=withdraw" 'move r1 back 100'
	# with its front on b1's flank it may not turn to face b3 on its own
	# flank: no face, and it breaks off from b1
	BLUE="$(e b1 Bd 1200 800 180)
$(e b3 Bd 1090 910 180)"
	planned "move Bd 168 id=r1 breakoff=Bd flank-contact zoc=other" 'move r1 to 1090,910,0'
}

@test "battle-scan: entering a zone of control: contact, face, withdraw, other, screened" {
	BLUE=$(e b1 Kn 1200 1200 180)
	planned "move Bd 300 id=r1 zoc=other" 'move r1 fwd 300'
	planned "move Bd 400 id=r1 contact zoc=contact" 'move r1 fwd 400'
	RED=$(e r1 Bd 1000 1100 90)
	plan 'move r1 to 1200,1100,0'
	assert_line --regexp "^move Bd [0-9]+ id=r1 zoc=face$"
	RED=$(e r1 Bd 1360 1150 0)
	plan 'move r1 to 1150,900,0'
	assert_line --regexp "^move Bd [0-9]+ id=r1 zoc=withdraw$"
	# crossing the whole front 100 paces away is no withdrawal, though it
	# ends farther from the enemy's centre (battle-scan(1) CAVEATS)
	RED=$(e r1 Bd 900 1100 0)
	planned "move Bd 700 id=r1 zoc=other" 'move r1 side 700'
	# a move that starts inside the zone is not exempt
	RED=$(e r1 Bd 1200 1100 0)
	planned "move Bd 300 id=r1 zoc=other" 'move r1 side 300'
	planned "move Bd 100 id=r1 zoc=withdraw" 'move r1 back 100'
	planned "move Bd 200 id=r1 zoc=withdraw" 'move r1 back 100 side 100'
	planned "move Bd 200 id=r1 zoc=other" 'move r1 side 100 back 100'
	planned "move Bd 368 id=r1 zoc=withdraw" 'move r1 turn 180 fwd 100'
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Ps 1200 1100 90)"
	planned "move Bd 250 id=r1 zoc=other screened" 'move r1 fwd 250'
}

@test "battle-scan: a group engaged, moving away from an enemy to its front" {
	RED="$(e r1 Bd 1200 800 0)
$(e r2 Bd 1360 800 0)"
	plan 'move r1,r2 back 100'
	assert_line "move Bd,Bd 100 id=r1+r2 away engaged zoc=withdraw"
	BLUE=$(e b1 Kn 1200 900 180)
	plan 'move r1,r2 back 100'
	assert_line "move Bd,Bd 100 id=r1+r2 away zoc=withdraw"
}

@test "battle-scan: the general's move and general-lost in the bound" {
	RED=$(e r1 Bd 1200 800 0 'general="yes"')
	BLUE=
	plan 'move r1 fwd 100'
	assert_line "bound 4"
	assert_line "move Bd 100 id=r1 general"
	RED=$(e r1 Bd 1200 800 0)
	REDATTR='general-lost="yes"'
	plan 'move r1 fwd 100'
	assert_line "bound 4 general-lost"
}

# ---- samples, outputs, pipelines ---------------------------------------------

# The samples in every text format, the usage errors and the bad file
# are cases of tests/regress/battle-scan.

@test "battle-scan: the samples' pictures, -T svg --lang=de (golden)" {
	cd "$TOP"
	for s in line hill river; do
		run -0 battle-scan -T svg --lang=de --plan=samples/battle-$s.plan samples/battle-$s.xml
		golden battle-scan/$s.svg
	done
}

@test "battle-scan: the samples validate; JSON parses" {
	cd "$TOP"
	for s in samples/battle-*.xml; do
		validate battlefield.rng "$s"
	done
	need_jq "JSON parses" || return 1
	run -0 bash -c "battle-scan -T json samples/battle-line.xml | jq -e '.battlefields[0].elements | length > 5'"
	run -0 bash -c "battle-scan -T jsonl samples/battle-*.xml | jq -s -e 'length > 10'"
}

@test "battle-scan: -T combat | combat-calc --odds gives the hand-declared odds" {
	cd "$TOP"
	for s in line hill river; do
		a=$(battle-scan -T combat samples/battle-$s.xml | combat-calc --odds | grep -v '^[0-9]*:')
		b=$(combat-calc --odds "$FIX/battle/$s.declared" | grep -v '^[0-9]*:')
		assert_equal "$a" "$b"
	done
}

@test "battle-scan: -T moves | move-check gives the hand-declared verdicts" {
	cd "$TOP"
	for s in line hill river; do
		a=$(battle-scan -T moves --plan=samples/battle-$s.plan samples/battle-$s.xml | move-check | sed 's/^[0-9]*: *//; s/^bound [0-9]*:/bound:/')
		b=$(move-check "$FIX/battle/$s.moves.declared" | sed 's/^[0-9]*: *//; s/^bound [0-9]*:/bound:/')
		assert_equal "$a" "$b"
	done
}

@test "battle-scan: -T pdf draws a page per file" {
	cd "$TOP"
	run -0 bash -c "battle-scan -T pdf samples/battle-line.xml samples/battle-hill.xml | head -c 5"
	assert_output "%PDF-"
}

@test "battle-scan: -T pdf and -T svg of no battlefield (empty input) write nothing, status 2; an empty file among others is skipped" {
	cd "$BATS_TEST_TMPDIR"
	: > empty.xml
	for t in pdf svg; do
		for paper in table a4; do
			run -2 --separate-stderr battle-scan -T $t --paper=$paper empty.xml
			assert_output ''
			assert_equal "$stderr" "battle-scan: empty.xml: error: empty input, expected a battlefield"
		done
	done
	# the empty file's neighbour is drawn on a sheet of its own size
	run -2 --separate-stderr bash -c "battle-scan -T pdf --paper=a4 empty.xml '$TOP/samples/battle-line.xml' > two.pdf"
	pdfinfo two.pdf > info.txt
	grep -q '^Pages: *1$' info.txt
	grep -q '^Page size: .*(A4)' info.txt
}

@test "battle-scan: in the multi-call binary, -T pdf alone starts libexec/bellis/battle-scan" {
	local exe
	exe=$(readlink -f "$(command -v battle-scan)")
	[ "${exe##*/}" = bellis ] || skip "battle-scan is not a link to bellis"
	cd "$TOP"
	# the same page through bellis, from standard input, to -o
	battle-scan -T pdf samples/battle-line.xml > "$BATS_TEST_TMPDIR/a.pdf"
	"$exe" battle-scan -T pdf < samples/battle-line.xml | cmp - "$BATS_TEST_TMPDIR/a.pdf"
	battle-scan samples/battle-line.xml -o "$BATS_TEST_TMPDIR/b.pdf" -T pdf
	cmp "$BATS_TEST_TMPDIR/a.pdf" "$BATS_TEST_TMPDIR/b.pdf"
	# a copy of bellis without libexec/: every other format, and no PDF
	mkdir "$BATS_TEST_TMPDIR/bin"
	cp "$exe" "$BATS_TEST_TMPDIR/bin/bellis"
	ln -s bellis "$BATS_TEST_TMPDIR/bin/battle-scan"
	run -0 "$BATS_TEST_TMPDIR/bin/battle-scan" -T combat samples/battle-line.xml
	assert_equal "$output" "$(battle-scan -T combat samples/battle-line.xml)"
	run -4 --separate-stderr "$BATS_TEST_TMPDIR/bin/battle-scan" -T pdf -o "$BATS_TEST_TMPDIR/c.pdf" samples/battle-line.xml
	assert_equal "$stderr" "battle-scan: cannot start $BATS_TEST_TMPDIR/bin/../libexec/bellis/battle-scan: No such file or directory"
	assert_output ""
	[ ! -e "$BATS_TEST_TMPDIR/c.pdf" ]
}

# plant DIR: a copy of bellis in DIR/bin with a battle-scan link, and
# in DIR/libexec/bellis a "helper" that would leave DIR/ran behind
plant() {
	local exe
	exe=$(readlink -f "$(command -v battle-scan)")
	[ "${exe##*/}" = bellis ] || skip "battle-scan is not a link to bellis"
	mkdir -p "$1/bin" "$1/libexec/bellis"
	cp "$exe" "$1/bin/bellis"
	ln -s bellis "$1/bin/battle-scan"
	printf '#!/bin/sh\ntouch "%s/ran"\n' "$1" > "$1/libexec/bellis/battle-scan"
	chmod 755 "$1" "$1/bin" "$1/libexec" "$1/libexec/bellis" \
	    "$1/libexec/bellis/battle-scan"
}

@test "battle-scan: -T pdf starts no helper another user planted" {
	[ "$(id -u)" = 0 ] || skip "needs root to plant as another user"
	command -v setpriv > /dev/null || skip "no setpriv"
	id nobody > /dev/null 2>&1 || skip "no user nobody"
	cd "$TOP"
	# a sticky world-writable directory, as /tmp: nobody plants
	# libexec/bellis/battle-scan beside the copy of bellis root runs
	X=$(mktemp -d /tmp/bellis-plant.XXXXXX)
	chmod 1777 "$X"
	plant "$X/x"
	rm -r "$X/x/libexec"
	chmod 1777 "$X/x"
	setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c "
	    mkdir -p $X/x/libexec/bellis &&
	    printf '#!/bin/sh\ntouch $X/ran\n' > $X/x/libexec/bellis/battle-scan &&
	    chmod 755 $X/x/libexec/bellis/battle-scan"
	run -4 --separate-stderr "$X/x/bin/battle-scan" -T pdf samples/battle-line.xml
	rm -rf "$X/ran" "$X/x"; ran=$(ls "$X"); rmdir "$X"
	assert_equal "$ran" ""
	assert_equal "$stderr" "battle-scan: cannot start $X/x/bin/../libexec/bellis/battle-scan: $X/x/libexec/bellis/battle-scan is owned by user $(id -u nobody) (a helper runs from /usr/local/libexec/bellis, or from a place only root or the owner of the binary can change)"
	assert_output ""
}

@test "battle-scan: -T pdf starts a helper only from a place nobody else can change" {
	[ "$(id -u)" = 0 ] || skip "needs root to give files to another user"
	id nobody > /dev/null 2>&1 || skip "no user nobody"
	cd "$TOP"
	# a place owned by root from / down, writable by no one else: the
	# build tree, when it is one
	D=$(mktemp -d "$TOP/build/tests/trust.XXXXXX")
	plant "$D"
	p=$D
	while [ "$p" != / ]; do
		p=$(dirname "$p")
		[ "$(stat -c %u "$p")" = 0 ] && { [ $(( 0$(stat -c %a "$p") & 022 )) = 0 ] || [ -k "$p" ]; } ||
		    { rm -rf "$D"; skip "$p can be changed by others than root"; }
	done
	# trusted: it runs
	run -0 "$D/bin/battle-scan" -T pdf samples/battle-line.xml
	[ -e "$D/ran" ] && rm "$D/ran"
	# a directory writable by its group
	chmod 775 "$D/libexec"
	run -4 --separate-stderr "$D/bin/battle-scan" -T pdf samples/battle-line.xml
	assert_equal "$stderr" "battle-scan: cannot start $D/bin/../libexec/bellis/battle-scan: $D/libexec is writable by group or others (a helper runs from /usr/local/libexec/bellis, or from a place only root or the owner of the binary can change)"
	[ ! -e "$D/ran" ]
	chmod 755 "$D/libexec"
	# the helper writable by others
	chmod 757 "$D/libexec/bellis/battle-scan"
	run -4 "$D/bin/battle-scan" -T pdf samples/battle-line.xml
	[ ! -e "$D/ran" ]
	chmod 755 "$D/libexec/bellis/battle-scan"
	# the helper of another user
	chown nobody "$D/libexec/bellis/battle-scan"
	run -4 "$D/bin/battle-scan" -T pdf samples/battle-line.xml
	assert_output --partial "/libexec/bellis/battle-scan is owned by user $(id -u nobody)"
	[ ! -e "$D/ran" ]
	# ... unless that user owns the binary too
	chown nobody "$D/bin/bellis"
	run -0 "$D/bin/battle-scan" -T pdf samples/battle-line.xml
	[ -e "$D/ran" ]
	rm -rf "$D"
	# a sticky directory others can write (as /tmp) on the way: nobody
	# else can replace what is in it, so root's copy runs its helper;
	# without the sticky bit it is refused
	S=$(mktemp -d "$TOP/build/tests/sticky.XXXXXX")
	chmod 1777 "$S"
	plant "$S/x"
	run -0 "$S/x/bin/battle-scan" -T pdf samples/battle-line.xml
	[ -e "$S/x/ran" ] && rm "$S/x/ran"
	chmod 0777 "$S"
	run -4 --separate-stderr "$S/x/bin/battle-scan" -T pdf samples/battle-line.xml
	assert_equal "$stderr" "battle-scan: cannot start $S/x/bin/../libexec/bellis/battle-scan: $S is writable by group or others (a helper runs from /usr/local/libexec/bellis, or from a place only root or the owner of the binary can change)"
	[ ! -e "$S/x/ran" ]
	rm -rf "$S"
}

# fontconfig's configuration read as before (core/ownfont.h): a user's
# own configuration path
system_fonts() {
	[ -d /etc/fonts ] || skip "no /etc/fonts"
	FONTCONFIG_PATH=/etc/fonts "$@"
}

@test "battle-scan: -T pdf in DejaVu Sans from its directory is the PDF of fontconfig's configuration, byte for byte" {
	local s p l o="$BATS_TEST_TMPDIR/own.pdf" y="$BATS_TEST_TMPDIR/sys.pdf"
	cd "$TOP"
	for s in samples/battle-*.xml; do
		for p in table a4 a3 letter; do
			battle-scan -T pdf --paper=$p "$s" > "$o"
			system_fonts battle-scan -T pdf --paper=$p "$s" > "$y"
			cmp "$o" "$y"
		done
		for l in de en ru; do
			battle-scan -T pdf --lang=$l --plan="${s%.xml}.plan" "$s" > "$o"
			system_fonts battle-scan -T pdf --lang=$l --plan="${s%.xml}.plan" "$s" > "$y"
			cmp "$o" "$y"
		done
	done
	# an element's id with a character DejaVu Sans lacks (U+4E2D): the
	# system's fonts for the whole PDF, from a file or standard input,
	# written or as a reference
	sed 's/id="r1"/id="r1\xe4\xb8\xad"/' \
	    samples/battle-line.xml > "$BATS_TEST_TMPDIR/cjk.xml"
	sed 's/id="r1"/id="r1\&#x4E2D;"/' \
	    samples/battle-line.xml > "$BATS_TEST_TMPDIR/ref.xml"
	system_fonts battle-scan -T pdf "$BATS_TEST_TMPDIR/cjk.xml" > "$y"
	battle-scan -T pdf "$BATS_TEST_TMPDIR/cjk.xml" | cmp - "$y"
	battle-scan -T pdf < "$BATS_TEST_TMPDIR/cjk.xml" | cmp - "$y"
	battle-scan -T pdf "$BATS_TEST_TMPDIR/ref.xml" | cmp - "$y"
	# ... and as the second file of two
	system_fonts battle-scan -T pdf samples/battle-hill.xml \
	    "$BATS_TEST_TMPDIR/cjk.xml" > "$y"
	battle-scan -T pdf samples/battle-hill.xml "$BATS_TEST_TMPDIR/cjk.xml" |
	    cmp - "$y"
}

@test "battle-scan: -T pdf reads no fontconfig configuration unless the user has one or the text needs the system's fonts" {
	command -v strace >/dev/null || skip "no strace"
	[ -z "${BELLIS_SAN:-}" ] ||
	    skip "LeakSanitizer does not run under ptrace (strace)"
	local t="$BATS_TEST_TMPDIR/trace"
	cd "$TOP"
	strace -f -e trace=open,openat -o "$t" \
	    battle-scan -T pdf samples/battle-line.xml > /dev/null
	run ! grep -q 'fonts\.conf' "$t"
	system_fonts strace -f -e trace=open,openat -o "$t" \
	    battle-scan -T pdf samples/battle-line.xml > /dev/null
	grep -q 'fonts\.conf' "$t"
	sed 's/id="r1"/id="r1\xe4\xb8\xad"/' \
	    samples/battle-line.xml > "$BATS_TEST_TMPDIR/cjk.xml"
	strace -f -e trace=open,openat -o "$t" \
	    battle-scan -T pdf "$BATS_TEST_TMPDIR/cjk.xml" > /dev/null
	grep -q 'fonts\.conf' "$t"
	# standard input: a file is read for its characters first, as a
	# file named is; a pipe is not read twice (the system's fonts)
	strace -f -e trace=open,openat -o "$t" \
	    battle-scan -T pdf < samples/battle-line.xml > /dev/null
	run ! grep -q 'fonts\.conf' "$t"
	cat samples/battle-line.xml | strace -f -e trace=open,openat \
	    -o "$t" battle-scan -T pdf > /dev/null
	grep -q 'fonts\.conf' "$t"
}

@test "battle-scan: -T pdf starts no thread (pango 1.50 started two a font and one for fontconfig)" {
	command -v strace >/dev/null || skip "no strace"
	[ -z "${BELLIS_SAN:-}" ] ||
	    skip "LeakSanitizer does not run under ptrace (strace)"
	local t="$BATS_TEST_TMPDIR/trace" n
	cd "$TOP"
	# the helper (libexec/bellis/battle-scan) is executed in the same
	# process; no thread (pango's start of fontconfig runs in the caller
	# too)
	strace -f -e trace=clone,clone3 -o "$t" \
	    battle-scan -T pdf samples/battle-line.xml > "$BATS_TEST_TMPDIR/a.pdf"
	n=$(grep -c 'clone' "$t") || true
	[ "$n" -eq 0 ] || fail "$n processes and threads started"
	battle-scan -T pdf samples/battle-line.xml | cmp - "$BATS_TEST_TMPDIR/a.pdf"
}

@test "battle-scan: --verdicts colours the paths, legal solid, illegal dashed" {
	cd "$TOP"
	battle-scan -T moves --plan=samples/battle-line.plan samples/battle-line.xml | move-check > "$BATS_TEST_TMPDIR/v" || true
	run -0 battle-scan -T svg --plan=samples/battle-line.plan --verdicts="$BATS_TEST_TMPDIR/v" samples/battle-line.xml
	assert_line --regexp '^<polyline points="[^"]*" fill="none" stroke="#1a9850" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>$'
	battle-scan -T moves --plan=samples/battle-river.plan samples/battle-river.xml | move-check > "$BATS_TEST_TMPDIR/v" || true
	run -0 battle-scan -T svg --plan=samples/battle-river.plan --verdicts="$BATS_TEST_TMPDIR/v" samples/battle-river.xml
	assert_line --regexp '^<polyline points="[^"]*" fill="none" stroke="#d73027" stroke-width="6" stroke-linejoin="round" stroke-linecap="round" stroke-dasharray="22"/>$'
}

@test "battle-scan: the picture has a key, reads in grey, labels upright and never crossed" {
	cd "$TOP"
	run -0 battle-scan -T svg samples/battle-line.xml
	# the page is the table and the key under it: three rows of the
	# marks the picture has, one of the terrain on the table (wood,
	# camp, difficult going)
	assert_line --index 1 '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="600mm" height="687.4mm" viewBox="0 0 2400 2749.4" font-family="DejaVu Sans, sans-serif">'
	for t in '>red<' '>blue<' '>160 p<' '>front edge<' '>front contact<' '>overlap<' '>zone of control<' '>screened zone<' '>support<' '>Psiloi support<' '>general<' '>wood<' '>camp<' '>difficult going<'; do
		assert_output --partial "$t"
	done
	# no flank contact, no plan: not in the key
	for t in '>flank/rear contact<' '>legal move<' '>illegal move<' '>planned move<'; do
		refute_output --partial "$t"
	done
	# terrain not on the table is not in the key
	refute_output --partial '>river<'
	refute_output --partial '>hill<'
	# the sides differ in lightness (grey 0.43 and 0.57), pattern (the
	# first hatched) and outline (the second dashed): r1 and b1
	assert_output --partial '<polygon points="960,1400 1120,1400 1120,1460 960,1460" fill="#d9534f"/>'
	assert_output --partial '<polyline points="1092.7,1460 1120,1432.7" fill="none" stroke="#8e1f1b" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>'
	assert_output --partial '<polygon points="960,1400 1120,1400 1120,1460 960,1460" fill="none" stroke="#000000" stroke-width="2" stroke-linejoin="round"/>'
	assert_output --partial '<polygon points="1120,1400 960,1400 960,1280 1120,1280" fill="#6f93d4"/>'
	assert_output --partial '<polygon points="1120,1400 960,1400 960,1280 1120,1280" fill="none" stroke="#000000" stroke-width="2" stroke-linejoin="round" stroke-dasharray="14"/>'
	refute_output --partial 'stroke="#1f4fa0" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>'
	# a side tag at each side's base line: red's at the lower edge (red
	# faces up the table), beside its camp; blue's at the upper edge
	assert_output --regexp '<text transform="translate\([0-9.]+ 23[0-9][0-9](\.[0-9])?\) rotate\(0\)" font-size="43.2" fill="#111111" text-anchor="start" dominant-baseline="central">red</text>'
	assert_output --regexp '<text transform="translate\([0-9.]+ [0-9]{2}(\.[0-9])?\) rotate\(0\)" font-size="43.2" fill="#111111" text-anchor="start" dominant-baseline="central">blue</text>'
	# blue faces down the table: its labels are turned upright (0, not 180)
	refute_output --partial 'rotate(180)'
	# contacts are bars on edges, not lines between the centres: b1 and
	# r1 share the front edge from 960 to 1120 at y 1400 (page)
	assert_output --partial '<polyline points="960,1400 1120,1400" fill="none" stroke="#c00000" stroke-width="12"'
	# zones of control are outlines of their side, no fill over the
	# bases: b1's dashed in blue, r1's solid in red and hatched
	refute_output --partial '#ffd700'
	assert_output --partial '<polygon points="1120,1560 960,1560 960,1400 1120,1400" fill="none" stroke="#1f4fa0" stroke-width="3" stroke-linejoin="round" stroke-dasharray="14"/>'
	assert_output --partial '<polygon points="960,1240 1120,1240 1120,1400 960,1400" fill="none" stroke="#8e1f1b" stroke-width="3" stroke-linejoin="round"/>'
	# the wood has trees, the camp tents; terrain in distinct greys
	assert_output --partial 'fill="#8dbb6c" stroke="#2f5a22"'
	assert_output --partial 'fill="#ffffff" stroke="#8e1f1b"'
	# the Psiloi r5 supports r2: a link of open ends near a corner of
	# their shared edge, and the labels drawn over everything else
	assert_output --partial '<polyline points="1134,1445 1134,1475" fill="none" stroke="#137333" stroke-width="4"'
	[ "$(printf '%s\n' "$output" | grep -n '>Psiloi<' | cut -d: -f1)" -gt "$(printf '%s\n' "$output" | grep -n '1134,1445 1134,1475' | tail -1 | cut -d: -f1)" ]
	# in German, the key and the labels too; the scale bar in BW under 3.0
	run -0 battle-scan -T svg --lang=de samples/battle-line.xml
	assert_output --partial '>Frontkontakt<'
	assert_output --partial '>Klingen<'
	assert_output --partial '>Wald<'
	assert_output --partial '>Lager<'
	run -0 battle-scan -T svg samples/battle-dba3.xml
	assert_output --partial '>2 BW (320 p)<'
	assert_output --partial '>bad going<'
	refute_output --partial '>difficult going<'
	assert_output --partial '>rough going<'
	# a name wider than its base gives way to the abbreviation
	run -0 battle-scan -T svg --lang=ru samples/battle-line.xml
	refute_output --partial '>Лёгкая конница<'
	assert_output --partial '>ЛК<'
	assert_output --partial '>лес<'
	# the river, the road, the built-up area, in Russian too
	run -0 battle-scan -T svg --lang=ru samples/battle-river.xml
	for t in '>река<' '>дорога<' '>застройка<' '>лагерь<'; do
		assert_output --partial "$t"
	done
}

# gen_stack N FILE: N red Blades on one spot, one blue Blade away.
gen_stack() {
	awk -v n="$1" 'BEGIN {
		print "<battlefield version=\"1\" rules=\"dba1\" width=\"2400\" height=\"2400\"><side name=\"red\" pips=\"4\">"
		for (i = 0; i < n; i++) printf "<element id=\"r%d\" troop=\"Bd\" x=\"1000\" y=\"1000\" facing=\"0\"/>\n", i
		print "</side><side name=\"blue\" pips=\"3\"><element id=\"b1\" troop=\"Bd\" x=\"200\" y=\"200\" facing=\"0\"/></side></battlefield>" }' > "$2"
}

@test "battle-scan: stacked bases: each named once, in time linear in their number" {
	gen_stack 3 "$BATS_TEST_TMPDIR/s.xml"
	run -2 --separate-stderr battle-scan "$BATS_TEST_TMPDIR/s.xml"
	assert_equal "$stderr" "battle-scan: $BATS_TEST_TMPDIR/s.xml:3: error: element 'r1' intersects 'r0' (line 2)
battle-scan: $BATS_TEST_TMPDIR/s.xml:4: error: element 'r2' intersects 'r0' (line 2)"
	linear 2000 gen_stack battle-scan @LIN@
}
