#!/usr/bin/env bats
# Sheets as users export them (issue 24): the language of the names from
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
