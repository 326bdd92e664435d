#!/usr/bin/env bats
# Sheets as users export them: the language of the names from
# the header words, header suggestions that skip troop codes.

load helpers/common

# name_lang NAME CONTENT EXPECTED: the <name> line armylist-parse writes
# for a sheet file NAME holding CONTENT (printf format)
name_lang() {
	printf "$2" > "$BATS_TEST_TMPDIR/$1"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/$1"
	assert_line --index 3 "$3"
}

@test "lang follows the header words: English headers give en, Russian ru, German and a tie de" {
	name_lang e.csv 'Ref,Name,Dates,Topography,Agg,Elements,Enemies\nI/1a,Early Sumerian,3000-2800BC,Arable,2,"1x4Pk (Gen), 11x4Pk",I/2\n' \
	    '    <name lang="en">Early Sumerian</name>'
	name_lang r.tsv 'Номер\tАрмия\tЭлементы\n1\tГунны\t1x3Cv (Gen), 11x2LH\n' \
	    '    <name lang="ru">Гунны</name>'
	name_lang d.txt '| Nr | Armee | Elemente |\n| 1 | Hunnen | 1x Re (Bef.), 11x LR |\n' \
	    '    <name lang="de">Hunnen</name>'
	# as many English as German words: German
	name_lang m.tsv 'Nr\tName\tElemente\tEnemies\n1\tHunnen\t12x Ps (Gen)\t2\n' \
	    '    <name lang="de">Hunnen</name>'
	# the lang column of our own TSV decides per row
	armylist-parse -T tsv "$BATS_TEST_TMPDIR/r.tsv" > "$BATS_TEST_TMPDIR/o.tsv"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/o.tsv"
	assert_line --index 3 '    <name lang="ru">Гунны</name>'
	# the samples: German
	assert_equal "$(armylist-parse ../samples/armeelisten-1-60.html | grep -c 'lang="de"')" 12
}

@test "a troop code in a header is a count column, never a typo of a header word" {
	run -2 --separate-stderr armylist-parse <<<$'Ref,Lit,Sp\nI/1,1,2'
	assert_equal "$stderr" "armylist-parse: -:1: error: no army read: a table with the columns 'Ref', 'Lit', 'Sp'; expected a header with 'Nr' and 'Armee' or 'Elemente'"
	# a real typo still gets its suggestion
	run -2 --separate-stderr armylist-parse <<<$'Nr,Armme,Sp\n1,A,2'
	[[ $stderr == *"(did you mean 'Armee' for 'Armme'?)"* ]]
}

@test "every output validates: a year past what armylist(5) holds is a date kept as text, not a bad attribute" {
	run -0 --separate-stderr armylist-parse <<<$'I/1a Test 130410-78AD\n1x3Bd (Gen), 11x3Bd\nI/1b Test 100000BC-78AD\n1x3Bd (Gen), 11x3Bd'
	assert_equal "$stderr" "armylist-parse: -:1:11: warning: unreadable date '130410-78AD' of army I/1a, kept as text"
	assert_line --index 4 '    <period>130410-78AD</period>'
	assert_line --index 17 '    <period from="-100000" to="78">100000BC-78AD</period>'
	validate armylist.rng <(printf '%s\n' "$output")
}

@test "dates: several ranges kept as several, c./circa/ca. approximate and out of the name, --year=216BC" {
	printf '%s\n' 'I/1a Test 330-322BC & 300-280BC' '1x3Bd (Gen), 11x3Bd' '' \
	    'I/1b Other circa 500BC' '1x3Bd (Gen), 11x3Bd' '' \
	    'I/1c Third c. 500-450BC' '1x3Bd (Gen), 11x3Bd' '' \
	    'I/1d Fourth 450-400 and 300-250BC' '1x3Bd (Gen), 11x3Bd' '' \
	    'I/1e Fifth ca. 216BC' '1x3Bd (Gen), 11x3Bd' > "$BATS_TEST_TMPDIR/d.txt"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/d.txt"
	validate armylist.rng <(printf '%s\n' "$output")
	assert_equal "$(grep -E '<name|<period' <<<"$output")" '    <name lang="en">Test</name>
    <period from="-330" to="-280" ranges="-330 -322 -300 -280">330-322BC &amp; 300-280BC</period>
    <name lang="en">Other</name>
    <period from="-500" to="-500" approx="yes">circa 500BC</period>
    <name lang="en">Third</name>
    <period from="-500" to="-450" approx="yes">c. 500-450BC</period>
    <name lang="en">Fourth</name>
    <period from="-450" to="-250" ranges="-450 -400 -300 -250">450-400 and 300-250BC</period>
    <name lang="en">Fifth</name>
    <period from="-216" to="-216" approx="yes">ca. 216BC</period>'
	# JSON carries them too, and every format reads back to the same XML
	run -0 --separate-stderr armylist-parse -T json "$BATS_TEST_TMPDIR/d.txt"
	assert_equal "$(jq -c '.armies[0].period' <<<"$output")" '{"from":-330,"to":-280,"ranges":[[-330,-322],[-300,-280]],"text":"330-322BC & 300-280BC"}'
	armylist-parse "$BATS_TEST_TMPDIR/d.txt" > "$BATS_TEST_TMPDIR/a.xml"
	for F in xml tsv json jsonl text; do
		run -0 --separate-stderr bash -c "armylist-parse -T $F '$BATS_TEST_TMPDIR/d.txt' | armylist-parse | sed 's/ file=\"[^\"]*\"//; s/ line=\"[0-9]*\"//'"
		assert_equal "$output" "$(sed 's/ file="[^"]*"//; s/ line="[0-9]*"//' "$BATS_TEST_TMPDIR/a.xml")"
	done
	# --year matches any range, not the gap between them; years as lists write them
	run -0 --separate-stderr armylist-select -T tsv --year=-325 "$BATS_TEST_TMPDIR/d.txt"
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id I/1a "
	run -1 --separate-stderr armylist-select -T tsv --year=-310 "$BATS_TEST_TMPDIR/d.txt"
	run -0 --separate-stderr armylist-select -T tsv --year=216BC "$BATS_TEST_TMPDIR/d.txt"
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id I/1e "
	run -0 --separate-stderr armylist-select -T tsv --year='216 v.Chr.' "$BATS_TEST_TMPDIR/d.txt"
	run -1 --separate-stderr armylist-select --year=216AD "$BATS_TEST_TMPDIR/d.txt"
	run -3 --separate-stderr armylist-select --year=500-400BC "$BATS_TEST_TMPDIR/d.txt"
	assert_equal "${stderr%%$'\n'*}" "armylist-select: invalid value '500-400BC' for --year (a year: 216BC, 1066AD, or negative for BC, -100000 to 100000)"
	# a range written backwards among several is a period-order finding
	printf '%s\n' 'I/1a Test 330-322BC & 280-300BC' '1x3Bd (Gen), 11x3Bd' 'Enemies: I/1a' > "$BATS_TEST_TMPDIR/o.txt"
	run -1 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/o.txt"
	assert_output "$BATS_TEST_TMPDIR/o.txt:1: error: army I/1a: period from -280 is later than to -300 [period-order]"
	# the corpora: 22 periods of several ranges each (11 of them of names
	# carrying their own dates: "Old Saxon Army 250-804AD and ...")
	assert_equal "$(armylist-parse "$CORPUS/dba3-lists.txt" 2>/dev/null | grep -c ' ranges=')" 22
}

@test "a sheet with one column per element slot: book, number and variant, general and slots, check columns checked" {
	local f=$FIX/armylist-parse/slots.csv
	run -0 --separate-stderr armylist-parse -T tsv "$f"
	assert_equal "$(cut -f1-8 <<<"$output")" "id	name	from	to	terrain	aggression	enemies	elements
I/1a	Early Sumerian Army	-3000	-2800	Arable	2	I/1b, I/2	1x3Bd (Gen), 8x4Bw, 3x2Ps
I/1b	Early Sumerian Army	-2799	-2334	Arable	2	I/1a, I/2	1x4Pk or 3Bd or HCh or LCh (Gen), 1xHCh or 4Bw, 6x4Pk, 1x4Pk or 4Bw, 2xPs, 1x3Ax or Ps
I/2	Early Egyptian	-3000	-1640	Littoral	1	I/1a, I/1b	1x4Bd (Gen), 5x4Bw, 2x3Bd, 1x3Bd or 3Bw, 1x7Hd, 2x2Ps"
	# the check columns: Check counts the general's troop types, a type
	# column says whether the general cell names that type
	assert_equal "$stderr" "armylist-parse: $f:4:94: warning: check column 'Check' says 2, but the general cell '4Bd' names 1 troop type
armylist-parse: $f:4:107: warning: check column 'Bd' says 0, but the general cell '4Bd' names it
armylist-parse: $f:4:109: warning: check column 'Bw' says 1, but the general cell '4Bd' does not name it
armylist-parse: $f:4: warning: troop types not in dba1 but in other editions: Hd (dba22, dba3); choose one with --rules=dba22 or BELLIS_RULES=dba22"
	# they are read, not kept as notes; the XML validates and reads back
	run -0 --separate-stderr armylist-parse "$f"
	refute_output --partial '<note'
	validate armylist.rng <(printf '%s\n' "$output")
	run -0 --separate-stderr armylist-check --rules=dba22 -T tsv "$f"
	assert_equal "$(sed 1d <<<"$output" | cut -f3,5 | uniq -c | sed 's/^ *//')" "3 I/2	sheet-check-column"
}

# slot_long N FILE: a slot sheet whose name cell is "Early", N times
# " 1a" (a digit after a blank: a place dates may start) and the dates
slot_long() {
	{
		echo 'Book,Army,Var,Army Name,,Topography,Agg,General,1,2,3,Check,,Bd,Bw,Ps,Enemies'
		printf '1,1,a,Early'
		awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf " 1a" }'
		printf ' 3000-2800 BC,a2,Arable,2,3Bd,8x4Bw,3x2Ps,,1,,1,0,0,"I/1b, 2"\n'
	} > "$2"
}

@test "a slot sheet's long name cell: the dates at its end found in linear time" {
	slot_long 2000 "$BATS_TEST_TMPDIR/s.csv"
	run -0 armylist-parse -T tsv "$BATS_TEST_TMPDIR/s.csv"
	assert_line --index 1 --regexp $'^I/1a\tEarly( 1a){2000}\t-3000\t-2800\t'
	linear 4000 slot_long armylist-parse @LIN@
}

@test "sheets: allies joined by 'or' keep their joins, and a fragment in a references cell is named with its place" {
	printf 'Ref,Name,Elements,Enemies,Allies\nI/1a,A,"1x3Cv (Gen), 11x3Bd","I/2, 3, or","II/10 or II/11a and/or II/11b, III/4"\n' > "$BATS_TEST_TMPDIR/al.csv"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/al.csv"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/al.csv:2:39: warning: 'or' is no army reference, left out"
	assert_line '      <ref join="or">II/11a</ref>'
	assert_line '      <ref join="and/or">II/11b</ref>'
	assert_line '      <ref>I/3</ref>'
	# read back from its TSV, the joins stay
	run -0 --separate-stderr bash -c "armylist-parse -T tsv '$BATS_TEST_TMPDIR/al.csv' 2>/dev/null | armylist-parse"
	assert_line '      <ref join="and/or">II/11b</ref>'
}

@test "every output validates: an element or choice the schema refuses as empty is left out of what is written, the army incomplete" {
	run -2 --separate-stderr armylist-parse <<<'<armylists version="1"><army id="3"><name lang="en">B</name><enemies/><elements><element count="1"/><element count="11"><troop code="Bd"/></element><choice><package><element count="1"/></package><package><element count="1"><troop code="Ps"/></element></package></choice></elements></army></armylists>'
	assert_equal "$stderr" "armylist-parse: -:1: error: <element> lacks an element it must hold"
	assert_line '  <army id="3" file="-" line="1" incomplete="yes">'
	validate armylist.rng <(printf '%s\n' "$output")
	assert_equal "$(grep -c '<package>' <<<"$output")" 1
}

@test "a slot sheet's book, number and variant that make no id: the record is reported and not read" {
	run -2 --separate-stderr armylist-parse <<<$'Book,Army,Var,Army Name,General,1\n1,1,a!,X 500BC,3Bd,11x3Bd\n1,2,,Y 500BC,3Bd,11x3Bd'
	assert_equal "$stderr" "armylist-parse: -:2:3: error: bad army reference 'I/1a!' (expected a number such as '61' or a reference such as 'I/2a'), the record is not read"
	assert_equal "$(grep '<army ' <<<"$output")" '  <army id="I/2" file="-" line="3">'
}

@test "a web form's export: questions as headers ('Army (book number)', 'Army list', 'Name' the player), English and German; other columns are notes" {
	printf '%s\n' 'Timestamp,Name,Email Address,Army (book number),Army name,Army list' \
	    '2026/11/30 10:12:01 PM GMT,Anna Berg,anna@example.org,III/45b,Scots,"1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps"' > "$BATS_TEST_TMPDIR/form.csv"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/form.csv"
	assert_equal "$stderr" ''
	assert_equal "$(sed -n 2p <<<"$output" | cut -f1,2,8,16,17)" "$(printf '%s\t%s\t%s\t%s\t%s' III/45b Scots \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' \
	    'Timestamp: 2026/11/30 10:12:01 PM GMT\nEmail Address: anna@example.org' 'Anna Berg')"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/form.csv"
	assert_equal "$stderr" 'armylist-check: 1 entry: 1 legal, 0 illegal'
	printf '%s\n' 'Zeitstempel,Name,E-Mail-Adresse,Armee (Nummer),Armeeliste' \
	    '01.12.2026 20:01:02,Karl,k@example.org,III/45b,"1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps"' > "$BATS_TEST_TMPDIR/de.csv"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/de.csv"
	assert_equal "$(sed -n 2p <<<"$output" | cut -f1,8,17)" "$(printf '%s\t%s\t%s' III/45b \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' Karl)"
	# no number and element question: no header, as before
	run -2 --separate-stderr armylist-parse -T tsv <<<$'Name,Email\nKarl,k@example.org'
	assert_equal "$stderr" "armylist-parse: -:1: error: no army read: a table with the columns 'Name', 'Email'; expected a header with 'Nr' and 'Armee' or 'Elemente'"
}
