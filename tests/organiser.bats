#!/usr/bin/env bats
# An organiser's day: a dozen lists as club members typed them
# in, in mixed styles (list text with labels, bullets, numbers, one element
# per line, a German pipe table, a CSV), parsed, checked to one table of
# problems, two enemies picked for tonight, their cards and matchup card.

load helpers/common

D=fixtures/organiser
G=organiser

@test "organiser: every submission is read, and the collection validates" {
	run -2 --separate-stderr armylist-parse --rules=dba22 $D/*
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/club.xml"
	assert_equal "$(grep -c '<army ' "$BATS_TEST_TMPDIR/club.xml")" 12
	validate armylist.rng "$BATS_TEST_TMPDIR/club.xml"
	# the two errors of the parse are named with their places
	assert_equal "$(grep -c ': error: ' <<<"$stderr")" 2
	[[ $stderr == *"06-frieda.txt:9:7: error: unknown troop type 'Pz' (did you mean 'Pk'?)"* ]]
	[[ $stderr == *"12-lena.txt:4:1: error: unknown keyword 'Points'"* ]]
}

@test "organiser: one TSV table of problems, every problem a row, from the submissions themselves" {
	run -2 --separate-stderr armylist-check --rules=dba22 -T tsv --ignore=unknown-reference $D/*
	assert_equal "$stderr" "armylist-check: 12 armies: 9 errors, 3 warnings"
	golden $G/problems.tsv
	cut -f3,5 <<<"$output" | sort > "$BATS_TEST_TMPDIR/direct"
	# from the parsed collection the checks find the same (the reader's
	# rows are gone with the reader: --ignore=parse-errors)
	armylist-parse --rules=dba22 $D/* 2>/dev/null > "$BATS_TEST_TMPDIR/club.xml" || true
	run -1 --separate-stderr armylist-check -T tsv --ignore=unknown-reference,parse-errors "$BATS_TEST_TMPDIR/club.xml"
	cut -f3,5 <<<"$output" | sort > "$BATS_TEST_TMPDIR/via-xml"
	assert_equal "$(comm -13 "$BATS_TEST_TMPDIR/direct" "$BATS_TEST_TMPDIR/via-xml")" ""
}

@test "organiser: tonight's game is two armies that are each other's enemies; their cards and matchup card" {
	armylist-parse --rules=dba22 $D/* 2>/dev/null > "$BATS_TEST_TMPDIR/club.xml" || true
	run -0 --separate-stderr armylist-select -T tsv --year=-330 --enemy-of=II/12 "$BATS_TEST_TMPDIR/club.xml"
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id II/5b II/5a II/11 II/7 "
	foe=$(sed -n '2s/\t.*//p' <<<"$output")
	# and II/12 is an enemy of the foe's: each other's
	run -0 --separate-stderr armylist-select -T tsv --enemy-of="$foe" --id=II/12 "$BATS_TEST_TMPDIR/club.xml"
	assert_equal "${lines[1]%%	*}" "II/12"
	run -0 --separate-stderr refcard-render --rules=dba22 --lang=en --army="II/12,$foe" --matchup="II/12,$foe" "$BATS_TEST_TMPDIR/club.xml"
	assert_equal "$stderr" ""
	assert_equal "$(grep -o 'data-kind="[a-z]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')" 'data-kind="matchup" data-id="II/12,II/5b" data-kind="army" data-id="II/5b" data-kind="army" data-id="II/12" '
	run -0 --separate-stderr refcard-render -T pdf --rules=dba22 --army="II/12,$foe" --matchup="II/12,$foe" --impose=2x2 --paper=a4 -o "$BATS_TEST_TMPDIR/tonight.pdf" "$BATS_TEST_TMPDIR/club.xml"
	assert_equal "$(pdfinfo "$BATS_TEST_TMPDIR/tonight.pdf" | sed -n 's/^Pages: *//p')" 1
}
