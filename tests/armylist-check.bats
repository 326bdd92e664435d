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

# ---- the findings of the fixtures: tests/regress/armylist-check -----------

# The cases of tests/regress/armylist-check hold the exact findings of
# every fixture; their -T xml, and that of every fixture, must validate.
@test "a record the reader drops is reported as it comes, of no army; memory does not grow with them" {
	cd "$TOP/tests"
	run -2 --separate-stderr armylist-check fixtures/armylist-parse/bad-reference.txt
	assert_equal "${stderr%%$'\n'*}" "armylist-check: fixtures/armylist-parse/bad-reference.txt:3:1: error: bad army reference 'l/2' (expected a number such as '61' or a reference such as 'I/2a'), the record is not read"
	refute_output --partial "army I/3: bad army reference"
	# 200000 records not read between two armies: none held
	[ -z "${BELLIS_SAN:-}${BELLIS_VALGRIND:-}" ] || return 0
	awk -v n=200000 'BEGIN { print "I/1 First 100BC"; print "1x3Bd (Gen), 11x2Ps"
		for (i = 0; i < n; i++) printf "l/%d Second 200BC\n", i
		print ""; print "I/3 Third 300BC"; print "1x2Ps (Gen), 11x2Ps" }' > "$BATS_TEST_TMPDIR/many.txt"
	/usr/bin/time -f '%M' -o "$BATS_TEST_TMPDIR/peak" armylist-check --max-errors=0 "$BATS_TEST_TMPDIR/many.txt" > /dev/null 2>&1 || true
	[ "$(tail -n 1 "$BATS_TEST_TMPDIR/peak")" -lt 20000 ]
}

@test "-T xml of every fixture, and every XML a regress case of armylist-check expects, validates" {
	local f
	for f in clean element-total general-count element-count \
	    package-mismatch unknown-troop unknown-reference period-order; do
		xmlcheck $P/$f.xml
	done
	xmlcheck $P/dup-a.xml $P/dup-b.xml
	xmlcheck $(printf "$P/%s " $ALL)
	regress_valid armylist-check findings.rng 8
}

# ---- the samples -------------------------------------------------------------

@test "the samples, parsed, hold no error; unknown references are warnings at the sheet's line" {
	run -0 --separate-stderr bash -o pipefail -c 'armylist-parse ../samples/armeelisten-1-60.html \
	    ../samples/armeelisten-61-120.txt ../samples/english-lists.txt ../samples/*.tsv | armylist-check'
	assert_equal "$stderr" "armylist-check: 39 armies: 0 errors, 54 warnings"
	refute_output --partial ": error: "
	golden $G/samples.txt
	assert_line --index 0 "../samples/armeelisten-1-60.html:27: warning: army 1: enemy '5a' names no army in the input [unknown-reference]"
	armylist-parse ../samples/armeelisten-1-60.html ../samples/armeelisten-61-120.txt ../samples/english-lists.txt ../samples/*.tsv > "$BATS_TEST_TMPDIR/s.xml"
	run -0 armylist-check -T xml "$BATS_TEST_TMPDIR/s.xml"
	assert_line '  <summary armies="39" errors="0" warnings="54"/>'
	xmlcheck "$BATS_TEST_TMPDIR/s.xml"
}

# ---- every finding ---------------------------------------------------------------

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

@test "element-count: beyond the largest count read, the reader's error, read as 1" {
	sed 's/"1000000"/"1000000001"/' $P/element-count.xml > "$BATS_TEST_TMPDIR/big.xml"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/big.xml"
	assert_line --index 0 "$BATS_TEST_TMPDIR/big.xml:8: error: army 80: invalid value '1000000001' for 'count' (1-1000000000) [bad-value]"
}

@test "unknown-troop from the parser's code ?: the whole pipeline" {
	run -1 --separate-stderr bash -c 'armylist-parse ../tests/fixtures/armylist-parse/unknown-troop.txt 2>/dev/null | armylist-check'
	assert_line --partial "error: army 5: unknown troop type 'Rittr' [unknown-troop]"
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
}

# ---- --ignore, -q, the summary line, TSV and JSON -----------------------------------

# ALL: every fixture with a finding
ALL="clean.xml element-total.xml general-count.xml package-mismatch.xml dup-a.xml dup-b.xml unknown-troop.xml unknown-reference.xml period-order.xml no-enemies.xml"

@test "the summary line comes after the findings" {
	run -0 armylist-check $P/no-enemies.xml
	assert_line --index 1 "armylist-check: 2 armies: 0 errors, 1 warning"
}

@test "-T json: one document, numbers as numbers, the summary, as jq reads them" {
	run -1 --separate-stderr armylist-check -T json $(printf "$P/%s " $ALL)
	assert_equal "$(jq -c '.summary' <<<"$output")" '{"armies":28,"errors":23,"warnings":3}'
	assert_equal "$(jq '.findings | length' <<<"$output")" 26
	assert_equal "$(jq '[.findings[].line | numbers] | length' <<<"$output")" 26
	run -1 --separate-stderr armylist-check -T json $P/tab.xml
	assert_equal "$(jq -r '.findings[0].file' <<<"$output")" 'a	b\\c.txt'
}

@test "-T jsonl: one finding object per line, the same findings as json" {
	run -1 --separate-stderr armylist-check -T jsonl $(printf "$P/%s " $ALL)
	assert_equal "${#lines[@]}" 26
	assert_equal "$(jq -c . <<<"$output")" "$output"
	assert_equal "$output" "$(armylist-check -T json $(printf "$P/%s " $ALL) 2>/dev/null | jq -c '.findings[]')"
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
	validate findings.rng "$TOP/tests/regress/$G/all-xml.out"
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

@test "--rules=FILE: a table with Hordes and Litter, an army of 10 elements; --rules=dba1 is the default" {
	sed 's|<troop code="CF" vs-foot="1" vs-mounted="1"/>|&<troop code="Hd" vs-foot="2" vs-mounted="2"/><troop code="Lit" vs-foot="3" vs-mounted="3"/>|' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -1 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/r.xml" $P/unknown-troop.xml
	assert_output "dba22.txt:26: error: army I/2a: unknown troop type 'Rittr' [unknown-troop]"
	sed 's/elements="12"/elements="10"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/ten.xml"
	run -1 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/ten.xml" $P/clean.xml
	assert_line --index 0 "lists.html:30: error: army 5a: elements total 12, expected 10 [element-total]"
	run -0 armylist-check --rules=dba1 $P/clean.xml
}

@test "--rules: a bad table is exit 2; the rules table of dba1 validates" {
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/bad.xml" $P/clean.xml
	[[ $stderr == *"not a valid rules table"* ]]
	validate rules.rng "$TOP/formats/dba1.xml"
}

# ---- bad input: exit 2 ----------------------------------------------------------------

@test "invalid armylist XML: a line attribute past what an int holds names that range" {
	sed '0,/line="30"/s//line="99999999999999999999"/' $P/clean.xml > "$BATS_TEST_TMPDIR/line.xml"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/line.xml"
	assert_output "$BATS_TEST_TMPDIR/line.xml:3: error: army 5a: invalid value '99999999999999999999' for 'line' (1-2147483647) [bad-value]"
}

@test "binary junk: exit 2, in time" {
	run -2 --separate-stderr timeout "$(limit 10)" armylist-check fixtures/armylist-parse/junk.bin
	[[ "$stderr" == "armylist-check: fixtures/armylist-parse/junk.bin"*"error: "* ]]
}

@test "list text and JSON are checked as armylist-select reads them" {
	a=$(armylist-check ../samples/english-lists.txt 2>&1)
	b=$(armylist-parse ../samples/english-lists.txt | armylist-check 2>&1)
	assert_equal "$a" "$b"
	armylist-parse -T json ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/e.json"
	run -0 --separate-stderr armylist-check -T tsv "$BATS_TEST_TMPDIR/e.json"
	assert_equal "$stderr" "armylist-check: 6 armies: 0 errors, 20 warnings"
	# a page with no list is not one, on stderr
	printf '<table><tr><td>1</td></tr></table>\n' > "$BATS_TEST_TMPDIR/t.html"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/t.html"
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/t.html: error: no army read: no table with the columns 'Nr' and 'Armee' or 'Elemente' in the HTML page, nor a reference line such as 'I/1a Name 3000-2800BC' in its text"
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

@test "hostile XML: billion laughs, deep nesting, in time" {
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
	assert_equal "$stderr" "armylist-check: -:21: warning: troop types not in dba1 but in other editions: Hd, Lit, 8Bw, 6Kn, 6Cv, 8Cb, 6Bd (dba22, dba3); choose one with --rules=dba22 or BELLIS_RULES=dba22
armylist-check: 590 armies: 122 errors, 590 warnings"
	assert_equal "$(grep -c '\[no-enemies\]$' <<<"$output")" 590
	assert_equal "$(grep -c '\[duplicate-id\]$' <<<"$output")" 30
	assert_equal "$(grep -c "troop type 'Hd' not in dba1 (in dba22, dba3) \[unknown-troop\]$" <<<"$output")" 75
	assert_equal "$(grep -c "troop type 'Lit' not in dba1 (in dba22, dba3) \[unknown-troop\]$" <<<"$output")" 4
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
	# the organiser's entries have illegal ones (1), the e-mailed and
	# the form's too; no other example
	# has an error finding
	man_examples armylist-check.1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0
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
