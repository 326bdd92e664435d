#!/usr/bin/env bats
# armylist-check: every finding, collections across files, formats,
# schema errors, hostile input, output handling, the manual.

# helpers/common at the top: in setup() bats's debug trap would run on
# every command it runs, many times its cost
load helpers/common

P=fixtures/armylist-check
G=armylist-check

# xmlcheck FILE...: -T xml of the same input, schema-valid
xmlcheck() {
	armylist-check -T xml "$@" > "$BATS_TEST_TMPDIR/f.xml" 2>/dev/null || true
	validate findings.rng "$BATS_TEST_TMPDIR/f.xml"
}

# ---- a clean collection and the samples -----------------------------------

@test "a clean collection: no output, exit 0 (variants, packages, dismounts, family refs)" {
	run -0 --separate-stderr armylist-check $P/clean.xml
	assert_equal "$stderr" ""
	assert_output ""
	run -0 --separate-stderr armylist-check -T xml $P/clean.xml
	assert_output '<?xml version="1.0" encoding="UTF-8"?>
<findings version="1" rules="dba1">
  <summary armies="3" errors="0" warnings="0"/>
</findings>'
	xmlcheck $P/clean.xml
}

@test "the samples, parsed, hold no error; unknown references are warnings at the sheet's line" {
	run -0 --separate-stderr bash -o pipefail -c 'armylist-parse ../samples/*.html \
	    ../samples/armeelisten-61-120.txt ../samples/english-lists.txt ../samples/*.tsv | armylist-check'
	assert_equal "$stderr" "armylist-check: 39 armies: 0 errors, 54 warnings"
	refute_output --partial ": error: "
	golden $G/samples.txt
	assert_line --index 0 "../samples/armeelisten-1-60.html:27: warning: army 1: enemy '5a' names no army in the input [unknown-reference]"
	armylist-parse ../samples/*.html ../samples/armeelisten-61-120.txt ../samples/english-lists.txt ../samples/*.tsv > "$BATS_TEST_TMPDIR/s.xml"
	run -0 armylist-check -T xml "$BATS_TEST_TMPDIR/s.xml"
	assert_line '  <summary armies="39" errors="0" warnings="54"/>'
	xmlcheck "$BATS_TEST_TMPDIR/s.xml"
}

# ---- every finding ---------------------------------------------------------------

@test "element-total: at the army's source line, every total listed" {
	run -1 --separate-stderr armylist-check $P/element-total.xml
	assert_equal "$stderr" "armylist-check: 4 armies: 6 errors, 0 warnings"
	assert_line --index 0 "lists.xml:88: error: army 12a: elements total 11, expected 12 [element-total]"
	golden $G/element-total.txt
	xmlcheck $P/element-total.xml
	run -1 --separate-stderr armylist-check -T xml $P/element-total.xml
	golden $G/element-total.xml
}

@test "general-count: none, two, a count of two, a choice without one" {
	run -1 --separate-stderr armylist-check $P/general-count.xml
	assert_equal "$stderr" "armylist-check: 4 armies: 4 errors, 0 warnings"
	golden $G/general-count.txt
	xmlcheck $P/general-count.xml
}

@test "parse-errors: an incomplete army gets one finding instead of follow-on totals and generals" {
	armylist-parse fixtures/armylist-parse/corpus-garbled.txt > "$BATS_TEST_TMPDIR/g.xml" 2>/dev/null || true
	cd "$BATS_TEST_TMPDIR"
	run -1 --separate-stderr armylist-check g.xml
	assert_equal "$stderr" "armylist-check: 3 armies: 2 errors, 3 warnings"
	assert_output "fixtures/armylist-parse/corpus-garbled.txt:3: warning: army I/32a: no enemies listed [no-enemies]
fixtures/armylist-parse/corpus-garbled.txt:8: error: army III/57c: not checked: army has parse errors [parse-errors]
fixtures/armylist-parse/corpus-garbled.txt:8: warning: army III/57c: no enemies listed [no-enemies]
fixtures/armylist-parse/corpus-garbled.txt:13: error: army IV/58: not checked: army has parse errors [parse-errors]
fixtures/armylist-parse/corpus-garbled.txt:13: warning: army IV/58: no enemies listed [no-enemies]"
	xmlcheck g.xml
	run -1 armylist-check -T xml g.xml
	assert_line --index 3 '  <finding code="parse-errors" severity="error" army="III/57c" file="fixtures/armylist-parse/corpus-garbled.txt" line="8">not checked: army has parse errors</finding>'
}

@test "element-count: counts are read exactly, one above the army size is a finding" {
	run -1 --separate-stderr armylist-check $P/element-count.xml
	assert_equal "$stderr" "armylist-check: 2 armies: 5 errors, 0 warnings"
	assert_output "lists.html:40: error: army 80: element count 1000000, more than the 12 elements of an army [element-count]
lists.html:40: error: army 80: elements total 255 or more, expected 12 [element-total]
lists.html:41: error: army 81: element count 150, more than the 12 elements of an army [element-count]
lists.html:41: error: army 81: alternative packages hold 11 or 150 elements [package-mismatch]
lists.html:41: error: army 81: elements total 12 or 151, expected 12 [element-total]"
	xmlcheck $P/element-count.xml
	run -1 --separate-stderr armylist-check -T xml $P/element-count.xml
	assert_line --index 2 '  <finding code="element-count" severity="error" army="80" file="lists.html" line="40">element count 1000000, more than the 12 elements of an army</finding>'
	validate findings.rng <(printf '%s\n' "$output")
	# beyond the largest count read: the reader's error, read as 1
	sed 's/"1000000"/"1000000001"/' $P/element-count.xml > "$BATS_TEST_TMPDIR/big.xml"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/big.xml"
	assert_line --index 0 "$BATS_TEST_TMPDIR/big.xml:8: error: army 80: invalid value '1000000001' for 'count' (1-1000000000) [bad-value]"
}

@test "package-mismatch: once per choice, and element-total for the choice short of 12" {
	run -1 --separate-stderr armylist-check $P/package-mismatch.xml
	assert_equal "$stderr" "armylist-check: 2 armies: 5 errors, 0 warnings"
	golden $G/package-mismatch.txt
	assert_line --partial "error: army 30: elements total 11 or 12, expected 12 [element-total]"
	xmlcheck $P/package-mismatch.xml
}

@test "duplicate-id: within a file and across files, naming the first" {
	run -1 --separate-stderr armylist-check $P/dup-a.xml $P/dup-b.xml
	assert_equal "$stderr" "armylist-check: 4 armies: 2 errors, 0 warnings"
	assert_output "lists-1-60.html:14: error: army 41: duplicate id, first at lists-1-60.html:13 [duplicate-id]
lists-61-120.txt:7: error: army 40: duplicate id, first at lists-1-60.html:12 [duplicate-id]"
	run -0 armylist-check $P/dup-b.xml
	xmlcheck $P/dup-a.xml $P/dup-b.xml
}

@test "unknown-troop: Hd and Lit are not dba1, nor an unknown name, once per army" {
	run -1 --separate-stderr armylist-check $P/unknown-troop.xml
	assert_equal "$stderr" "armylist-check: 2 armies: 4 errors, 0 warnings"
	assert_output "dba22.txt:21: error: army I/1d: troop type 'Lit' not in dba1 [unknown-troop]
dba22.txt:21: error: army I/1d: troop type 'Hd' not in dba1 [unknown-troop]
dba22.txt:26: error: army I/2a: unknown troop type 'Rittr' [unknown-troop]
dba22.txt:26: error: army I/2a: troop type 'Hd' not in dba1 [unknown-troop]"
	xmlcheck $P/unknown-troop.xml
}

@test "unknown-troop from the parser's code ?: the whole pipeline" {
	run -1 --separate-stderr bash -c 'armylist-parse ../tests/fixtures/armylist-parse/unknown-troop.txt 2>/dev/null | armylist-check'
	assert_line --partial "error: army 5: unknown troop type 'Rittr' [unknown-troop]"
}

@test "unknown-reference: forward refs resolve, a bare number names its variants, warnings last" {
	run -0 --separate-stderr armylist-check $P/unknown-reference.xml
	assert_equal "$stderr" "armylist-check: 3 armies: 0 errors, 4 warnings"
	assert_output "$P/unknown-reference.xml:3: warning: army 50: enemy '99' names no army in the input [unknown-reference]
$P/unknown-reference.xml:3: warning: army 50: ally '7' names no army in the input [unknown-reference]
$P/unknown-reference.xml:3: warning: army 50: ally '51a' names no army in the input [unknown-reference]
$P/unknown-reference.xml:9: warning: army 51: enemy 'I/1' names no army in the input [unknown-reference]"
	xmlcheck $P/unknown-reference.xml
}

@test "unknown-reference: resolved across files in either order" {
	for i in 90 91; do
		printf '<armylists version="1"><army id="%s"><name lang="en">A</name><enemies><ref>%s</ref></enemies><elements><element count="1" general="yes"><troop code="Cv"/></element><element count="11"><troop code="Ps"/></element></elements></army></armylists>\n' \
		    $i $((181 - i)) > "$BATS_TEST_TMPDIR/$i.xml"
	done
	run -0 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/90.xml" "$BATS_TEST_TMPDIR/91.xml"
	assert_output ""
	run -0 --separate-stderr bash -c 'cat "$1/91.xml" | armylist-check "$1/90.xml" -' _ "$BATS_TEST_TMPDIR"
	assert_output ""
	run -0 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/90.xml"
	assert_output "$BATS_TEST_TMPDIR/90.xml:1: warning: army 90: enemy '91' names no army in the input [unknown-reference]"
	run -0 --separate-stderr armylist-check $P/dup-b.xml
	assert_output --partial "enemy '41' names no army"
	run -1 --separate-stderr armylist-check $P/dup-b.xml $P/dup-a.xml
	refute_output --partial unknown-reference
}

@test "period-order: AD and BC reversed, text-only periods ignored" {
	run -1 --separate-stderr armylist-check $P/period-order.xml
	assert_equal "$stderr" "armylist-check: 4 armies: 2 errors, 0 warnings"
	assert_output "$P/period-order.xml:3: error: army 60: period from 1201 is later than to 1135 [period-order]
$P/period-order.xml:21: error: army 63: period from -200 is later than to -300 [period-order]"
	xmlcheck $P/period-order.xml
}

@test "no-enemies: a warning, exit 0" {
	run -0 --separate-stderr armylist-check $P/no-enemies.xml
	assert_equal "$stderr" "armylist-check: 2 armies: 0 errors, 1 warning"
	assert_output "$P/no-enemies.xml:3: warning: army 70: no enemies listed [no-enemies]"
	run -0 armylist-check -T xml $P/no-enemies.xml
	assert_line --index 2 "  <finding code=\"no-enemies\" severity=\"warning\" army=\"70\" file=\"$P/no-enemies.xml\" line=\"3\">no enemies listed</finding>"
}

@test "-T xml: every finding of every fixture, schema-valid, with a summary" {
	run -1 --separate-stderr armylist-check -T xml $P/clean.xml $P/element-total.xml \
	    $P/general-count.xml $P/package-mismatch.xml $P/dup-a.xml \
	    $P/dup-b.xml $P/unknown-troop.xml $P/unknown-reference.xml \
	    $P/period-order.xml $P/no-enemies.xml
	assert_equal "$stderr" "armylist-check: 28 armies: 23 errors, 3 warnings"
	golden $G/all.xml
	assert_line '  <summary armies="28" errors="23" warnings="3"/>'
	for c in element-total general-count package-mismatch duplicate-id \
	    unknown-troop unknown-reference period-order no-enemies; do
		assert_output --partial "code=\"$c\""
	done
	xmlcheck $P/clean.xml $P/element-total.xml $P/general-count.xml \
	    $P/package-mismatch.xml $P/dup-a.xml $P/dup-b.xml \
	    $P/unknown-troop.xml $P/unknown-reference.xml $P/period-order.xml \
	    $P/no-enemies.xml
}

# ---- --ignore, -q, the summary line, TSV and JSON -----------------------------------

# ALL: every fixture with a finding
ALL="clean.xml element-total.xml general-count.xml package-mismatch.xml dup-a.xml dup-b.xml unknown-troop.xml unknown-reference.xml period-order.xml no-enemies.xml"

@test "--ignore: the codes are neither written nor counted, nor in the exit status" {
	run -0 --separate-stderr armylist-check --ignore=element-total,general-count \
	    --ignore=PACKAGE-MISMATCH $P/element-total.xml
	assert_output ""
	assert_equal "$stderr" ""
	run -0 --separate-stderr armylist-check -T xml --ignore=element-total,general-count,package-mismatch $P/element-total.xml
	assert_line --index 2 '  <summary armies="4" errors="0" warnings="0"/>'
	run -1 --separate-stderr armylist-check --ignore=element-total $P/element-total.xml
	assert_output "lists.xml:92: error: army 14: alternative packages hold 1 or 2 elements [package-mismatch]
lists.xml:94: error: army 15: general elements 0, expected 1 [general-count]"
	assert_equal "$stderr" "armylist-check: 4 armies: 2 errors, 0 warnings"
	run -1 --separate-stderr armylist-check --ignore=no-enemies,unknown-reference \
	    $(printf "$P/%s " $ALL)
	refute_output --partial warning
	assert_equal "$stderr" "armylist-check: 28 armies: 23 errors, 0 warnings"
}

@test "--ignore: an unknown code is a usage error with the nearest code, or all of them" {
	run -3 --separate-stderr armylist-check --ignore=no-enemies,perod-order $P/clean.xml
	assert_equal "$stderr" "armylist-check: unknown finding code 'perod-order' for --ignore (did you mean 'period-order'?)
Try 'armylist-check --help' for more information."
	assert_output ""
	run -3 --separate-stderr armylist-check --ignore=foo
	assert_equal "${stderr%%$'\n'*}" "armylist-check: unknown finding code 'foo' for --ignore (codes: element-total, general-count, dated-total, general-only, package-mismatch, duplicate-id, unknown-troop, unknown-reference, period-order, no-enemies, element-count, parse-errors, aggression-range, unknown-terrain)"
	for v in '' , no-enemies, ,no-enemies; do
		run -3 --separate-stderr armylist-check --ignore="$v"
		assert_equal "${stderr%%$'\n'*}" "armylist-check: invalid value '$v' for --ignore (a list of finding codes)"
	done
	run -3 --separate-stderr armylist-check --ignore
	assert_equal "${stderr%%$'\n'*}" "armylist-check: option '--ignore' needs a value"
}

@test "-q, --quiet: errors only, no summary line; warnings alone give nothing" {
	run -1 --separate-stderr armylist-check -q $(printf "$P/%s " $ALL)
	assert_equal "$stderr" ""
	refute_output --partial warning
	assert_equal "$(grep -c ': error: ' <<<"$output")" 23
	run -1 --separate-stderr armylist-check --quiet -T xml $(printf "$P/%s " $ALL)
	assert_line '  <summary armies="28" errors="23" warnings="0"/>'
	run -0 --separate-stderr armylist-check -q $P/no-enemies.xml $P/unknown-reference.xml
	assert_output ""
	assert_equal "$stderr" ""
	# the reader's errors are rows of the findings: -q keeps them
	run -2 --separate-stderr armylist-check -q $P/invalid.xml
	assert_equal "$stderr" ""
	assert_equal "$(grep -c ': error: .*\[xml\]$' <<<"$output")" 3
}

@test "the summary line: singular and plural, after the findings, none when clean" {
	run -1 --separate-stderr armylist-check $P/tab.xml
	assert_equal "$stderr" "armylist-check: 1 army: 1 error, 1 warning"
	run -0 --separate-stderr armylist-check $P/no-enemies.xml
	assert_equal "$stderr" "armylist-check: 2 armies: 0 errors, 1 warning"
	run -0 --separate-stderr armylist-check $P/clean.xml
	assert_equal "$stderr" ""
	run -0 armylist-check $P/no-enemies.xml
	assert_line --index 1 "armylist-check: 2 armies: 0 errors, 1 warning"
}

@test "-T tsv: a header row, a file column, escaped cells" {
	run -1 --separate-stderr armylist-check -T tsv $(printf "$P/%s " $ALL)
	assert_equal "$stderr" "armylist-check: 28 armies: 23 errors, 3 warnings"
	golden $G/all.tsv
	assert_line --index 0 "file	line	army	severity	code	message	col"
	assert_equal "$(awk -F '\t' 'NF != 7' <<<"$output")" ""
	run -1 --separate-stderr armylist-check -T tsv $P/tab.xml
	assert_line --index 1 'a\tb\\\\c.txt	7	1	error	element-total	elements total 11, expected 12	'
	run -0 --separate-stderr armylist-check -T tsv $P/clean.xml
	assert_output "file	line	army	severity	code	message	col"
}

@test "-T json: one document, numbers as numbers, the summary" {
	run -1 --separate-stderr armylist-check -T json $(printf "$P/%s " $ALL)
	assert_equal "$stderr" "armylist-check: 28 armies: 23 errors, 3 warnings"
	golden $G/all.json
	assert_equal "$(jq -c '.summary' <<<"$output")" '{"armies":28,"errors":23,"warnings":3}'
	assert_equal "$(jq '.findings | length' <<<"$output")" 26
	assert_equal "$(jq '[.findings[].line | numbers] | length' <<<"$output")" 26
	run -0 armylist-check -T json $P/clean.xml
	assert_output '{"version":1,"rules":"dba1","findings":[],"summary":{"armies":3,"errors":0,"warnings":0}}'
	run -1 --separate-stderr armylist-check -T json $P/tab.xml
	assert_equal "$(jq -r '.findings[0].file' <<<"$output")" 'a	b\\c.txt'
}

@test "-T jsonl: one finding object per line, the same findings as json" {
	run -1 --separate-stderr armylist-check -T jsonl $(printf "$P/%s " $ALL)
	golden $G/all.jsonl
	assert_equal "${#lines[@]}" 26
	assert_equal "$(jq -c . <<<"$output")" "$output"
	assert_equal "$output" "$(armylist-check -T json $(printf "$P/%s " $ALL) 2>/dev/null | jq -c '.findings[]')"
	run -0 --separate-stderr armylist-check -T jsonl $P/clean.xml
	assert_output ""
}

@test "-T tsv, json, jsonl: a full disk is exit 4, the -o file untouched" {
	[ -c /dev/full ] || skip "/dev/full is not a device here"
	for f in tsv json jsonl; do
		run -4 --separate-stderr bash -c "armylist-check -q -T $f $P/element-total.xml > /dev/full"
		assert_equal "$stderr" "armylist-check: write error: No space left on device"
	done
	echo old > "$BATS_TEST_TMPDIR/out.json"
	run -4 armylist-check -T json -o "$BATS_TEST_TMPDIR/out.json" nosuch.xml $P/clean.xml
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out.json")" old
}

@test "combinatorial lists: 2^60 choices of packages are checked at once" {
	{
		echo '<armylists version="1"><army id="1"><name lang="en">Many</name>'
		echo '<enemies><ref>1</ref></enemies><elements>'
		echo '<element count="1" general="yes"><troop code="Cv"/></element>'
		# 60 choices, printf's format once per number
		printf '<choice><package><element count="1"><troop code="Ps"/></element></package>\n<package><element count="1"><troop code="Ax"/></element><element count="1"><troop code="Bw"/></element></package></choice>\n%.0s' $(seq 60)
		echo '</elements></army></armylists>'
	} > "$BATS_TEST_TMPDIR/many.xml"
	run -1 timeout "$(limit 5)" armylist-check "$BATS_TEST_TMPDIR/many.xml"
	assert_line --partial "error: army 1: elements total between 61 and 121, expected 12 [element-total]"
	assert_equal "$(grep -c package-mismatch <<<"$output")" 60
}

@test "-T xml: a finding of an army checked by its label with another edition names it" {
	R=fixtures/rules
	armylist-parse --rules=dba22 $R/hordes.txt | sed 's/id="I\/1b"/id="I\/7"/; s/id="I\/9"/id="I\/8"/; 0,/count="2"/s//count="3"/' > "$BATS_TEST_TMPDIR/22.xml"
	run -1 --separate-stderr armylist-check -T xml "$BATS_TEST_TMPDIR/22.xml"
	assert_equal "$stderr" "armylist-check: 2 armies: 1 error, 3 warnings"
	assert_line --index 1 '<findings version="1" rules="dba1">'
	assert_line --index 2 "  <finding code=\"element-total\" severity=\"error\" army=\"I/7\" file=\"$R/hordes.txt\" line=\"3\" rules=\"dba22\">elements total 13, expected 12</finding>"
	# unknown-reference does not depend on the edition
	assert_line --index 3 "  <finding code=\"unknown-reference\" severity=\"warning\" army=\"I/7\" file=\"$R/hordes.txt\" line=\"3\">enemy 'I/1b' names no army in the input</finding>"
	xmlcheck "$BATS_TEST_TMPDIR/22.xml"
	# with --rules, the header names it and no finding another
	run -1 --separate-stderr armylist-check -T xml --rules=dba22 "$BATS_TEST_TMPDIR/22.xml"
	assert_line --index 1 '<findings version="1" rules="dba22">'
	assert_line --index 2 "  <finding code=\"element-total\" severity=\"error\" army=\"I/7\" file=\"$R/hordes.txt\" line=\"3\">elements total 13, expected 12</finding>"
	# an old document, without the attribute, is still valid
	validate findings.rng "$TOP/tests/golden/$G/all.xml"
}

@test "XML line numbers stay right past 65535 (armies without a line attribute)" {
	{
		echo '<armylists version="1">'
		seq 14000 | xargs printf '  <army id="%d">\n    <name lang="en">A</name>\n    <enemies><ref>1</ref></enemies>\n    <elements><element count="1" general="yes"><troop code="Cv"/></element><element count="11"><troop code="Ps"/></element></elements>\n  </army>\n'
		printf '  <army id="99999">\n    <name lang="en">A</name>\n    <enemies/>\n    <elements><element count="1" general="yes"><troop code="Cv"/></element><element count="11"><troop code="Ps"/></element></elements>\n  </army>\n'
		echo '</armylists>'
	} > "$BATS_TEST_TMPDIR/big.xml"
	run -0 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/big.xml"
	assert_output "$BATS_TEST_TMPDIR/big.xml:70002: warning: army 99999: no enemies listed [no-enemies]"
	assert_equal "$(grep -n '<army id="99999"' "$BATS_TEST_TMPDIR/big.xml" | cut -d: -f1)" 70002
}

# ---- --rules -----------------------------------------------------------------------

@test "--rules=FILE: a table with Hordes and Litter, an army of 10 elements" {
	sed 's|<troop code="CF" vs-foot="1" vs-mounted="1"/>|&<troop code="Hd" vs-foot="2" vs-mounted="2"/><troop code="Lit" vs-foot="3" vs-mounted="3"/>|' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -1 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/r.xml" $P/unknown-troop.xml
	assert_output "dba22.txt:26: error: army I/2a: unknown troop type 'Rittr' [unknown-troop]"
	sed 's/elements="12"/elements="10"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/ten.xml"
	run -1 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/ten.xml" $P/clean.xml
	assert_line --index 0 "lists.html:30: error: army 5a: elements total 12, expected 10 [element-total]"
	run -0 armylist-check --rules=dba1 $P/clean.xml
	run -0 armylist-check -T xml --rules=dba1 $P/clean.xml
	assert_line --index 1 '<findings version="1" rules="dba1">'
}

@test "--rules: unknown edition exit 3, bad table exit 2, missing file exit 4" {
	run -3 --separate-stderr armylist-check --rules=dba2 $P/clean.xml
	assert_equal "${stderr%%$'\n'*}" "armylist-check: unknown rules edition 'dba2' (dba1, dba22, dba3, or a rules XML file)"
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/bad.xml" $P/clean.xml
	[[ $stderr == *"not a valid rules table"* ]]
	run -4 --separate-stderr armylist-check --rules=/nonexistent/r.xml $P/clean.xml
	validate rules.rng "$TOP/formats/dba1.xml"
}

# ---- bad input: exit 2 ----------------------------------------------------------------

@test "invalid armylist XML: schema errors are rows of the army they are in, the valid armies still checked, exit 2" {
	run -2 --separate-stderr armylist-check $P/invalid.xml
	assert_equal "$stderr" "armylist-check: 2 armies: 5 errors, 2 warnings"
	assert_output "$P/invalid.xml:3: warning: army 80: no enemies listed [no-enemies]
$P/invalid.xml:11: error: army 81: type positiveInteger doesn't allow value 'x' [xml]
$P/invalid.xml:11: error: army 81: an attribute of <element> is not valid [xml]
$P/invalid.xml:11: error: army 81: attribute 'count' of <element> is not valid [xml]
$P/invalid.xml:8: error: army 81: elements total 1, expected 12 [element-total]
$P/invalid.xml:8: error: army 81: general elements 0, expected 1 [general-count]
$P/invalid.xml:8: warning: army 81: no enemies listed [no-enemies]"
	run -2 --separate-stderr armylist-check -T tsv $P/invalid.xml
	assert_line --index 2 "$P/invalid.xml	11	81	error	xml	type positiveInteger doesn't allow value 'x'	"
	run -2 --separate-stderr armylist-check -T xml $P/invalid.xml
	assert_line --index 3 "  <finding code=\"xml\" severity=\"error\" army=\"81\" file=\"$P/invalid.xml\" line=\"11\">type positiveInteger doesn't allow value 'x'</finding>"
	validate findings.rng <(printf '%s\n' "$output")
	run -2 --separate-stderr armylist-check $P/clean.xml $P/invalid.xml
	# what is in no army stays a diagnostic
	run -2 --separate-stderr bash -c 'echo "<foo/>" | armylist-check'
	assert_equal "$stderr" "armylist-check: -:1: error: element <foo> is not expected there"
	# a line attribute past what an int holds names that range
	sed '0,/line="30"/s//line="99999999999999999999"/' $P/clean.xml > "$BATS_TEST_TMPDIR/line.xml"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/line.xml"
	assert_output "$BATS_TEST_TMPDIR/line.xml:3: error: army 5a: invalid value '99999999999999999999' for 'line' (1-2147483647) [bad-value]"
}

@test "malformed XML: error at line and column, exit 2" {
	run -2 --separate-stderr armylist-check $P/malformed.xml
	[[ "$stderr" == "armylist-check: $P/malformed.xml:5:1: error: "* ]]
}

@test "empty input, binary junk: exit 2" {
	run -2 --separate-stderr armylist-check $P/empty.txt
	assert_equal "$stderr" "armylist-check: $P/empty.txt: error: empty input, expected army lists"
	assert_output ""
	run -2 --separate-stderr armylist-check < /dev/null
	assert_equal "$stderr" "armylist-check: -: error: empty input, expected army lists"
	run -2 --separate-stderr timeout "$(limit 10)" armylist-check fixtures/armylist-parse/junk.bin
	[[ "$stderr" == "armylist-check: fixtures/armylist-parse/junk.bin"*"error: "* ]]
}

@test "list text, sheets and JSON are checked as armylist-select reads them (issue 24 item 12)" {
	run -0 --separate-stderr armylist-check $P/sheet.txt
	assert_output "$P/sheet.txt:2:11: warning: army 1: general marked on 12 elements '12x Ps (Gen)': read as one general element and 11 more [general-split]
$P/sheet.txt:2: warning: army 1: no enemies listed [no-enemies]"
	run -0 --separate-stderr armylist-check ../samples/armeelisten-1-60.html
	assert_equal "$stderr" "armylist-check: 12 armies: 0 errors, 20 warnings"
	a=$(armylist-check ../samples/english-lists.txt 2>&1)
	b=$(armylist-parse ../samples/english-lists.txt | armylist-check 2>&1)
	assert_equal "$a" "$b"
	armylist-parse -T json ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/e.json"
	run -0 --separate-stderr armylist-check -T tsv "$BATS_TEST_TMPDIR/e.json"
	assert_equal "$stderr" "armylist-check: 6 armies: 0 errors, 20 warnings"
	# a page with no list is not one, on stderr
	printf '<table><tr><td>1</td></tr></table>\n' > "$BATS_TEST_TMPDIR/t.html"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/t.html"
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/t.html: error: no army read: no table with the columns 'Nr' and 'Armee' or 'Elemente' in the HTML page"
}

@test "parse errors are rows of their army with line and column, in every format; no 'not checked' row then" {
	printf '%s\n' 'I/1a Early Sumerian 3000-2800BC' 'Aggression 2' 'Terrain Arable' \
	    '1x4Pk (Gen), 5x4Pk, 1x3Wb, 3xZZ, 2x2Ps' 'Enemies: I/1a' > "$BATS_TEST_TMPDIR/l.txt"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/l.txt"
	assert_equal "$stderr" "armylist-check: 1 army: 1 error, 0 warnings"
	assert_output "$BATS_TEST_TMPDIR/l.txt:4:30: error: army I/1a: unknown troop type 'ZZ' [unknown-troop]"
	run -2 --separate-stderr armylist-check -T tsv "$BATS_TEST_TMPDIR/l.txt"
	assert_output "file	line	army	severity	code	message	col
$BATS_TEST_TMPDIR/l.txt	4	I/1a	error	unknown-troop	unknown troop type 'ZZ'	30"
	run -2 --separate-stderr armylist-check -T jsonl "$BATS_TEST_TMPDIR/l.txt"
	assert_output "{\"file\":\"$BATS_TEST_TMPDIR/l.txt\",\"line\":4,\"col\":30,\"army\":\"I/1a\",\"rules\":\"dba1\",\"severity\":\"error\",\"code\":\"unknown-troop\",\"message\":\"unknown troop type 'ZZ'\"}"
	run -2 --separate-stderr armylist-check -T xml "$BATS_TEST_TMPDIR/l.txt"
	validate findings.rng <(printf '%s\n' "$output")
	assert_line --index 2 "  <finding code=\"unknown-troop\" severity=\"error\" army=\"I/1a\" file=\"$BATS_TEST_TMPDIR/l.txt\" line=\"4\" col=\"30\">unknown troop type 'ZZ'</finding>"
	# an item lost to a parse error: its error, no "not checked" row
	printf '%s\n' 'I/1a Early Sumerian 3000-2800BC' '1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x, 2x2Ps' 'Enemies: I/1a' > "$BATS_TEST_TMPDIR/m.txt"
	run -2 --separate-stderr armylist-check -T tsv "$BATS_TEST_TMPDIR/m.txt"
	refute_output --partial "not checked"
	assert_equal "$(cut -f 3,4 <<<"${lines[1]}")" "I/1a	error"
	# --ignore=parse-errors hides those rows, the status stays 2
	run -2 --separate-stderr armylist-check --ignore=parse-errors "$BATS_TEST_TMPDIR/m.txt"
	assert_output ""
	# from XML written by armylist-parse, the parse errors are gone: the row says so
	armylist-parse "$BATS_TEST_TMPDIR/m.txt" 2>/dev/null > "$BATS_TEST_TMPDIR/m.xml" || true
	run -1 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/m.xml"
	assert_output "$BATS_TEST_TMPDIR/m.txt:1: error: army I/1a: not checked: army has parse errors [parse-errors]"
}

@test "aggression-range and unknown-terrain, from the edition's data (dba22)" {
	printf '%s\n' 'I/1a Early Sumerian 3000-2800BC' 'Aggression 9' 'Terrain Hily' \
	    '1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x3Bd, 2x2Ps' 'Enemies: I/1a' \
	    'I/1b Early Sumerian 3000-2800BC' 'Aggression 4' 'Terrain Littoral if Venice or Genoa, Arable if not.' \
	    '1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x3Bd, 2x2Ps' 'Enemies: I/1a' \
	    'I/1c Early Sumerian 3000-2800BC' 'Terrain Mountains' \
	    '1x4Pk (Gen), 5x4Pk, 1x3Wb, 3x3Bd, 2x2Ps' 'Enemies: I/1a' > "$BATS_TEST_TMPDIR/t.txt"
	run -1 --separate-stderr armylist-check --rules=dba22 "$BATS_TEST_TMPDIR/t.txt"
	assert_output "$BATS_TEST_TMPDIR/t.txt:1: error: army I/1a: aggression 9 outside 0-4 [aggression-range]
$BATS_TEST_TMPDIR/t.txt:1: warning: army I/1a: terrain 'Hily' names no home topography of dba22 (did you mean 'Hilly'?) [unknown-terrain]
$BATS_TEST_TMPDIR/t.txt:11: warning: army I/1c: terrain 'Mountains' names no home topography of dba22 [unknown-terrain]"
	# 1.x lists carry neither
	run -0 --separate-stderr armylist-check --rules=dba1 "$BATS_TEST_TMPDIR/t.txt"
	assert_output ""
	run -0 --separate-stderr armylist-check --ignore=aggression-range,unknown-terrain --rules=dba22 "$BATS_TEST_TMPDIR/t.txt"
}

@test "hostile XML: DOCTYPE with an external entity, billion laughs, deep nesting" {
	run -2 --separate-stderr armylist-check $P/doctype.xml
	assert_equal "$stderr" "armylist-check: $P/doctype.xml:2: error: DOCTYPE not allowed (no DTDs or entities are read)"
	refute_output --partial "$(cat /etc/hostname 2>/dev/null || echo no-hostname)"
	run -2 --separate-stderr timeout "$(limit 10)" armylist-check fixtures/armylist-parse/billion-laughs.xml
	[[ "$stderr" == *"billion-laughs.xml:"*"error: "* ]]
	run -2 --separate-stderr timeout "$(limit 10)" armylist-check fixtures/armylist-parse/deep.xml
	[[ "$stderr" == *"deep.xml:1: error: "* ]]
}

@test "gzip input is not decompressed" {
	gzip -c $P/clean.xml > "$BATS_TEST_TMPDIR/c.xml.gz"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/c.xml.gz"
	assert_output ""
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/c.xml.gz: error: no army read: gzip-compressed data (decompress it first: gzip -dc)"
}

@test "standard input and '-' are read the same" {
	a=$(armylist-check < $P/no-enemies.xml)
	b=$(armylist-check - < $P/no-enemies.xml)
	assert_equal "$a" "$b"
	assert_equal "$a" "-:3: warning: army 70: no enemies listed [no-enemies]"
}

@test "a file that cannot be opened is reported, the next is checked, exit 4" {
	run -4 --separate-stderr armylist-check nosuch.xml $P/no-enemies.xml
	assert_equal "$stderr" "armylist-check: cannot open 'nosuch.xml': No such file or directory
armylist-check: 2 armies: 0 errors, 1 warning"
	assert_output --partial "army 70: no enemies listed"
	run -4 --separate-stderr armylist-check fixtures
	assert_equal "$stderr" "armylist-check: cannot read 'fixtures': Is a directory"
}

# ---- output handling ------------------------------------------------------------------

@test "-o replaces the file atomically, also when findings give exit 1" {
	echo old > "$BATS_TEST_TMPDIR/out.txt"
	run -1 armylist-check -o "$BATS_TEST_TMPDIR/out.txt" $P/element-total.xml
	assert_output "armylist-check: 4 armies: 6 errors, 0 warnings"
	grep -q 'army 12a: elements total 11' "$BATS_TEST_TMPDIR/out.txt"
	[ "$(ls -A "$BATS_TEST_TMPDIR")" = out.txt ]
	run -0 armylist-check --output="$BATS_TEST_TMPDIR/out.txt" -T xml $P/clean.xml
	validate findings.rng "$BATS_TEST_TMPDIR/out.txt"
}

@test "-o: on a system error the old file survives, no temporary file" {
	echo old > "$BATS_TEST_TMPDIR/out.txt"
	run -4 armylist-check -o "$BATS_TEST_TMPDIR/out.txt" nosuch.xml
	assert_equal "$(cat "$BATS_TEST_TMPDIR/out.txt")" old
	[ "$(ls -A "$BATS_TEST_TMPDIR")" = out.txt ]
}

@test "a full disk: write error, exit 4" {
	[ -c /dev/full ] || skip "/dev/full is not a device here"
	run -4 --separate-stderr armylist-check $P/element-total.xml -o /dev/full
	assert_equal "$stderr" "armylist-check: cannot write '/dev/full': No space left on device"
	run -4 --separate-stderr bash -c "armylist-check $P/element-total.xml > /dev/full"
	assert_equal "$stderr" "armylist-check: write error: No space left on device"
	run -4 --separate-stderr bash -c "armylist-check -T xml $P/clean.xml > /dev/full"
	assert_equal "$stderr" "armylist-check: write error: No space left on device"
}

# ---- command line -----------------------------------------------------------------------

@test "unknown option: exit 3 with a suggestion" {
	run -3 --separate-stderr armylist-check --rulez=dba1
	assert_equal "$stderr" "armylist-check: unknown option '--rulez=dba1' (did you mean '--rules'?)
Try 'armylist-check --help' for more information."
	run -3 --separate-stderr armylist-check -x
	assert_equal "${stderr%%$'\n'*}" "armylist-check: unknown option '-x'"
}

@test "bad option values: exit 3" {
	run -3 --separate-stderr armylist-check -T html
	assert_equal "${stderr%%$'\n'*}" "armylist-check: invalid value 'html' for --format (valid: text, xml, tsv, json, jsonl)"
	run -3 --separate-stderr armylist-check -o
	assert_equal "${stderr%%$'\n'*}" "armylist-check: option '-o' needs a value"
	run -3 --separate-stderr armylist-check --rules
	assert_equal "${stderr%%$'\n'*}" "armylist-check: option '--rules' needs a value"
}

@test "-T text is the default; --format and abbreviated long options work" {
	a=$(armylist-check $P/no-enemies.xml)
	b=$(armylist-check -T text $P/no-enemies.xml)
	c=$(armylist-check --format=text $P/no-enemies.xml)
	d=$(armylist-check --form=xml --rul=dba1 $P/no-enemies.xml | grep -c '<finding ')
	assert_equal "$b" "$a"
	assert_equal "$c" "$a"
	assert_equal "$d" 1
}

# ---- real data ------------------------------------------------------------------------------

@test "corpus: 590 real DBA 2.2 lists: duplicates, Hordes and Litter, typos in the data" {
	cp "$CORPUS/dba22-lists.txt" "$BATS_TEST_TMPDIR/c.txt"
	cd "$BATS_TEST_TMPDIR"
	run -1 --separate-stderr bash -c 'armylist-parse c.txt 2>/dev/null | armylist-check'
	assert_equal "$stderr" "armylist-check: 590 armies: 122 errors, 590 warnings"
	assert_equal "$(grep -c '\[no-enemies\]$' <<<"$output")" 590
	assert_equal "$(grep -c '\[duplicate-id\]$' <<<"$output")" 30
	assert_equal "$(grep -c "troop type 'Hd' not in dba1 \[unknown-troop\]$" <<<"$output")" 75
	assert_equal "$(grep -c "troop type 'Lit' not in dba1 \[unknown-troop\]$" <<<"$output")" 4
	assert_equal "$(grep -c '\[unknown-troop\]$' <<<"$output")" 79
	assert_equal "$(grep -c '\[element-total\]$' <<<"$output")" 7
	assert_equal "$(grep -c '\[general-count\]$' <<<"$output")" 1
	assert_equal "$(grep -c '\[package-mismatch\]$' <<<"$output")" 1
	assert_equal "$(grep -c '\[period-order\]$' <<<"$output")" 2
	# III/57c and IV/58: one parse-errors finding, no follow-on totals
	assert_equal "$(grep -c '\[parse-errors\]$' <<<"$output")" 2
	assert_equal "$(grep -c . <<<"$output")" 712
	output=$(grep -v 'no-enemies\|unknown-troop' <<<"$output")
	golden $G/corpus.txt
}

# ---- the manual -------------------------------------------------------------------------------

@test "every EXAMPLE of armylist-check(1) runs, with its status, golden" {
	# no example has an error finding: all 0
	man_examples armylist-check.1 0 0 0 0 0 0 0 0 0 0 0
	grep -q "warning: army I/1a: enemy 'I/1b'" findings.txt
	output=${EXAMPLES%$'\n'}
	golden armylist-check/examples.txt
}

@test "armylist-check -T json, jsonl: each finding names the edition it was checked with" {
	run -0 --separate-stderr armylist-check -T jsonl ../samples/corpus-sample.xml
	assert_equal "$(jq -r .rules <<<"$output" | sort -u)" "dba22"
	run -0 --separate-stderr armylist-check -T jsonl --rules=dba1 ../samples/corpus-sample.xml
	assert_equal "$(jq -r .rules <<<"$output" | sort -u)" "dba1"
}
