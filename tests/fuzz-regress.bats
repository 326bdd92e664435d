#!/usr/bin/env bats
# Inputs the fuzzers once broke the library with (tests/fixtures/fuzz/
# HARNESS/*, also seeds of that harness), run through the tools: under
# ASan (build-san) or valgrind a leak or a bad access fails the status.
load helpers/common

@test "armylist XML: repeated fields of an army do not leak" {
	run -2 --separate-stderr armylist-parse "$FIX/fuzz/fuzz_armyxml/repeated.xml"
	assert_line --index 3 '    <name lang="de">Hunnen</name>'
	[ "$(grep -c '<sources>' <<<"$output")" -eq 1 ]
	[[ $stderr == *"repeated.xml:5: error: "* ]]
}

@test "armylist XML: a troop without code or name is '?', not a crash" {
	local f=$FIX/fuzz/fuzz_armylist/troop-without-code.xml
	run -2 --separate-stderr armylist-parse -T tsv "$f"
	assert_line --index 1 "$(printf '3\tBroken\t\t\t\t\t\t2x3?\ten\t\t\t\t\t\t\t\t\t')"
	run -2 --separate-stderr armylist-parse -T text "$f"
	assert_line --index 1 '2x3?'
	run -2 --separate-stderr armylist-parse -T xml "$f"
	assert_line --partial '<troop code="?" name="?" figures="3"/>'
}
