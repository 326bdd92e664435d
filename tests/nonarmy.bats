#!/usr/bin/env bats
# armylist-parse on input that holds no army: exit 2 and a message that
# says what was seen and what was expected, never an empty list with exit
# 0.

# helpers/common at the top: in setup() bats's debug trap would run on
# every command it runs, many times its cost
load helpers/common

N=fixtures/nonarmy
EMPTY='<?xml version="1.0" encoding="UTF-8"?>
<armylists version="1" rules="dba1" rules-from="default"/>'

# nonarmy FILE MESSAGE: exit 2, the empty list, exactly that message
nonarmy() {
	run -2 --separate-stderr armylist-parse "$1"
	assert_equal "$stderr" "armylist-parse: $2"
	assert_output "$EMPTY"
}

@test "CSV with other headers: the columns seen, the header expected" {
	nonarmy $N/other-headers.csv "$N/other-headers.csv:1: error: no army read: a table with the columns 'Name', 'Punkte', 'Datum'; expected a header with 'Nr' and 'Armee' or 'Elemente'"
}

@test "near-miss header: did you mean" {
	nonarmy $N/near-header.csv "$N/near-header.csv:1: error: no army read: a table with the columns 'Nr', 'Armie', 'Zeitraum' (did you mean 'Armee' for 'Armie'?); expected a header with 'Nr' and 'Armee' or 'Elemente'"
}

@test "empty table: CSV and HTML header without rows" {
	nonarmy $N/empty-table.csv "$N/empty-table.csv:1: error: no army read: a table header but no row with an army number such as '61' or 'I/2a'"
	nonarmy $N/empty-table.html "$N/empty-table.html:2: error: no army read: a table header but no row with an army number such as '61' or 'I/2a'"
}

@test "a table of only navigation rows" {
	nonarmy $N/navigation.txt "$N/navigation.txt:1: error: no army read: a table header but no row with an army number such as '61' or 'I/2a'"
}

@test "an HTML page without a table" {
	nonarmy $N/no-table.html "$N/no-table.html: error: no army read: no table with the columns 'Nr' and 'Armee' or 'Elemente' in the HTML page, nor a reference line such as 'I/1a Name 3000-2800BC' in its text"
}

@test "combat lines: try combat-calc" {
	nonarmy $N/combat.txt "$N/combat.txt: error: no army read: this looks like combat lines: try combat-calc"
	nonarmy ../samples/combats.txt "../samples/combats.txt: error: no army read: this looks like combat lines: try combat-calc"
}

@test "prose with 'gegen' or 'vs' is no combat line (none starts with a troop type)" {
	nonarmy $N/prose-vs.txt "$N/prose-vs.txt: error: no army read: expected a reference line such as 'I/1a Name 3000-2800BC' or a table with the columns 'Nr' and 'Armee' or 'Elemente'"
}

@test "move lines: try move-check" {
	nonarmy $N/moves.txt "$N/moves.txt: error: no army read: this looks like move lines: try move-check"
	nonarmy ../samples/bound.txt "../samples/bound.txt: error: no army read: this looks like move lines: try move-check"
}

@test "prose: a reference line or a table expected" {
	nonarmy $N/prose.txt "$N/prose.txt: error: no army read: expected a reference line such as 'I/1a Name 3000-2800BC' or a table with the columns 'Nr' and 'Armee' or 'Elemente'"
}

@test "a gzip file says so, also on standard input" {
	gzip -c ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/l.txt.gz"
	cd "$BATS_TEST_TMPDIR"
	nonarmy l.txt.gz "l.txt.gz: error: no army read: gzip-compressed data (decompress it first: gzip -dc)"
	run -2 --separate-stderr armylist-parse - < l.txt.gz
	assert_equal "$stderr" "armylist-parse: -: error: no army read: gzip-compressed data (decompress it first: gzip -dc)"
}

@test "binary data says so" {
	nonarmy fixtures/armylist-parse/junk.bin "fixtures/armylist-parse/junk.bin: error: no army read: binary data, not text"
}

@test "armylist-parse reads its own TSV, JSON and JSON Lines back as armies" {
	for F in tsv json jsonl; do
		armylist-parse -T $F ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/a.$F"
		run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/a.$F"
		assert_equal "$stderr" ""
		assert_equal "$(grep -c '<army ' <<<"$output")" 6
	done
}

# json FILE MESSAGE ARMIES: exit 2, that many armies, exactly that message
json() {
	run -2 --separate-stderr armylist-parse "$1"
	assert_equal "$stderr" "armylist-parse: $2"
	assert_equal "$(grep -c '<army ' <<<"$output")" "$3"
}

@test "hostile JSON: deep nesting, truncated, binary, bad syntax, wrong types" {
	armylist-parse -T json ../samples/english-lists.txt | head -c 3000 > "$BATS_TEST_TMPDIR/trunc.json"
	cd "$BATS_TEST_TMPDIR"
	head -c 100000 /dev/zero | tr '\0' '[' > deep.json
	json deep.json "deep.json:1:65: error: invalid JSON: nesting deeper than 64 levels" 0
	# the armies before the cut are written
	run -2 --separate-stderr armylist-parse trunc.json
	[[ $stderr == "armylist-parse: trunc.json:1:3001: error: invalid JSON: expected "*", found the end of the input" ]]
	assert_equal "$(grep -c '<army ' <<<"$output")" 4
	printf '[\x01\x02\x00\x03\x04\x05\x06\x07\x08]' > bin.json
	json bin.json "bin.json: error: no army read: binary data, not text" 0
	printf '{"id":"1" "x"}' > comma.json
	json comma.json "comma.json:1:11: error: invalid JSON: expected ',' or '}', found '\"'" 0
	printf '{"id":"\\u12"}' > esc.json
	json esc.json "esc.json:1:9: error: invalid JSON: expected four hex digits after \\u, found 'u'" 0
	printf '{"id":"1","name":{"text":"A"},"aggression":"x","elements":{"items":[1,{"count":-5}]}}\n{"x":1}\n' > types.json
	json types.json "types.json:1:44: error: JSON army: 'aggression' is not a number
armylist-parse: types.json:1:69: error: JSON army: an item is not an object with 'count' and 'troops' or 'choice'
armylist-parse: types.json:1:80: error: JSON army: 'count' is not a whole number from 1 to 1000000000
armylist-parse: types.json:1:71: error: JSON army: an element without troops is left out
armylist-parse: types.json:2:1: error: JSON army: expected an object with an 'id' such as \"I/1a\"" 1
}

@test "hostile JSON: control characters, a huge top-level array, mixed labels" {
	cd "$BATS_TEST_TMPDIR"
	# a control character never reaches the XML; NUL does not cut the text
	printf '{"id":"I/1","name":{"text":"A\\u0001B\\u0000C\\bD"},"elements":{"text":"1x3Bd (Gen)"}}\n' > ctl.json
	run -0 --separate-stderr armylist-parse ctl.json
	assert_line '    <name lang="en">A�B�C�D</name>'
	xmllint --noout - <<<"$output"
	# a top-level array is read one element at a time: every element is
	# reported (up to the error limit), memory stays small
	awk 'BEGIN { printf "["; for (i = 0; i < 300000; i++) printf "0,"; print "0]" }' > big.json
	run -2 --separate-stderr armylist-parse big.json
	assert_output "$EMPTY"
	[[ ${stderr%%$'\n'*} == "armylist-parse: big.json:1:2: error: JSON army: expected an object with an 'id' such as \"I/1a\"" ]]
	# JSON Lines of two collections: each line keeps its own label
	{ armylist-parse -T jsonl --rules=dba22 "$OLDPWD/../samples/corpus-sample.txt" | head -1
	  armylist-parse -T jsonl "$OLDPWD/../samples/english-lists.txt" | head -1; } > mix.jsonl
	run -0 --separate-stderr armylist-parse -T jsonl mix.jsonl
	assert_equal "$(jq -r '.id + " " + .rules' <<<"$output")" "II/5a dba22
I/1a dba1"
}

@test "empty, blank and comment-only input is no error" {
	run -0 --separate-stderr armylist-parse $N/comments.txt
	assert_equal "$stderr" ""
	assert_output "$EMPTY"
}

@test "one operand without armies does not hide the armies of another" {
	run -2 --separate-stderr armylist-parse $N/prose.txt ../samples/english-lists.txt
	assert_equal "$(grep -c '<army ' <<<"$output")" 6
	assert_equal "$stderr" "armylist-parse: $N/prose.txt: error: no army read: expected a reference line such as 'I/1a Name 3000-2800BC' or a table with the columns 'Nr' and 'Armee' or 'Elemente'"
}
