#!/usr/bin/env bats
# Hostile data (issue 17): inputs that are valid in form but absurd in
# size or content.  Each case is a regression test of one point; inputs
# are generated in the test's temporary directory.
load helpers/common

T=${HOSTILE_TIMEOUT:-20}

# units U N: a units= list of N units.
units() {
	local i
	for ((i = 0; i < $1; i++)); do
		printf 'u%d:5,' "$i"
	done | sed 's/,$//'
}

@test "16: 100000 units of one side are read in linear time (ASan build too)" {
	{
		echo 'battle Cannae'
		printf 'side Rome roll=10 units=%s\n' "$(units 100000)"
		echo 'side Carthage ts=5 roll=10'
	} > "$BATS_TEST_TMPDIR/units.txt"
	run -0 timeout "$T" campaign-catastrophe "$BATS_TEST_TMPDIR/units.txt"
	assert_line --index 1 "Rome: roll 10, total 10: reinforcements (Enemy reinforced); enemy-ts-percent=10; ts 500000 -> 550000"
}

@test "14: a bad --rules table is bad data (2), an unknown edition a usage error (3)" {
	local t
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	for t in armylist-check battle-scan combat-calc move-check refcard-render; do
		run -2 --separate-stderr $t --rules="$BATS_TEST_TMPDIR/bad.xml" /dev/null
		assert_output ''
		[[ $stderr == "$t: $BATS_TEST_TMPDIR/bad.xml:"*"not a valid rules table"* ]]
		run -3 --separate-stderr $t --rules=dba2 /dev/null
		run -4 --separate-stderr $t --rules=/nonexistent/r.xml /dev/null
	done
}

# long N: N characters A.
long() {
	head -c "$1" /dev/zero | tr '\0' A
}

@test "2: a name of 64k characters: 500 on the card with an ellipsis, the PDF in time" {
	{
		echo '<armylists version="1"><army id="1"><name lang="en">'"$(long 65536)"'</name>'
		echo '<enemies><ref>1</ref></enemies><elements>'
		echo '<element count="12" general="yes"><troop code="Bd"/></element>'
		echo '</elements></army></armylists>'
	} > "$BATS_TEST_TMPDIR/long.xml"
	run -0 --separate-stderr timeout "$T" refcard-render "$BATS_TEST_TMPDIR/long.xml"
	assert_output --partial "<h1>1 $(long 498)…</h1>"
	run -0 --separate-stderr timeout "$T" refcard-render -T pdf -o "$BATS_TEST_TMPDIR/long.pdf" "$BATS_TEST_TMPDIR/long.xml"
	assert_equal "$stderr" ""
	[[ $(pdftotext "$BATS_TEST_TMPDIR/long.pdf" - | tr -d '\n') == *"AAAA…"* ]]
}

@test "2: a diagnostic quotes at most 60 characters of a token" {
	run -2 --separate-stderr campaign-catastrophe <<<"$(long 100000) x"
	assert_equal "$stderr" "campaign-catastrophe: -:1:1: error: unknown keyword '$(long 60)...'"
}
