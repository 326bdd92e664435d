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
