#!/usr/bin/env bats
# armylist-check --book: players' entries against their book lists (the
# year, dated options, packages, the general, counts, 3.0 sub-types), in
# every carrier; the player in every output.
load helpers/common

E=fixtures/entries

@test "entries: the 2014 III/45b army is legal against the 2.2 book; entries are no duplicates of it" {
	printf '%s\n' "III/45b Malcolm Canmore's Scots 1058AD" 'Player: Anna' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    "III/45b Pre-Feudal Scots" 'Player: Bob' 'Year: 1100AD' \
	    '1x3Cv (Gen), 1x2LH, 1x4Wb, 7x3Sp, 2x2Ps' > "$BATS_TEST_TMPDIR/e.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/e.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-check: 2 entries: 2 legal, 0 illegal"
}

@test "entries: every finding code, from list text (a package split, a general, a dated option, two ranges, an unknown id)" {
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/book.txt $E/more.txt
	assert_output "$E/more.txt:2: error: army X/1 of Cleo: no choice of the list gives these elements: its 2x3Cv gets 1 (list X/1, $E/book.txt:2) [entry-count]
$E/more.txt:6: error: army X/1 of Dan: the general's element 1x4Sp is not one the list allows as general (list X/1, $E/book.txt:2) [entry-general]
$E/more.txt:10: error: army X/2 of Eve: an option it takes is not in the list in 650 BC (list X/2a, $E/book.txt:8) [entry-year]
$E/more.txt:14: warning: army X/2 of Finn: no year chosen, and the list has options limited by date (list X/2a, $E/book.txt:8) [entry-no-year]
$E/more.txt:14: warning: army X/2 of Finn: fits list X/2a Test Dated 700-400BC, one of 2 under X/2 ($E/book.txt:8) [entry-fits]
$E/more.txt:18: error: army X/3 of Gus: the year 310 BC is outside the list's dates (list X/3, $E/book.txt:18) [entry-year]
$E/more.txt:26: error: army X/9 of Ida: no list X/9 in the book (did you mean 'X/1'?) [entry-unknown-list]
$E/more.txt:30: error: army X/1 of Jo: 'El' is not in the list (list X/1, $E/book.txt:2) [entry-not-in-list]"
	assert_equal "$stderr" "armylist-check: 8 entries: 2 legal, 6 illegal"
	# over the most a list allows: the type and the limit
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/book.txt $E/entries.txt
	assert_output "$E/entries.txt:6: error: army X/1 of Bob: 6 Kn where the list allows at most 5 (list X/1, $E/book.txt:2) [entry-count]"
}

@test "entries: CSV, JSON Lines and XML give the findings list text gives, and the player and year read back" {
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/book.txt $E/entries.csv
	assert_output "$E/entries.csv:2: error: army X/1 of Cleo: no choice of the list gives these elements: its 2x3Cv gets 1 (list X/1, $E/book.txt:2) [entry-count]"
	assert_equal "$stderr" "armylist-check: 2 entries: 1 legal, 1 illegal"
	want=$output
	for F in xml json jsonl; do
		armylist-parse --rules=dba3 -T $F $E/entries.csv > "$BATS_TEST_TMPDIR/e.$F"
		run -1 --separate-stderr armylist-check --book=$E/book.txt "$BATS_TEST_TMPDIR/e.$F"
		assert_equal "$output" "$want"
	done
	# the entry record in the XML, the JSON and the list text
	run -0 armylist-parse $E/entries.csv
	assert_line '    <player>Cleo</player>'
	assert_line '    <year>1100</year>'
	assert_line '    <year>-290</year>'
	validate armylist.rng <(printf '%s\n' "$output")
	run -0 jq -c '[.player, .year]' "$BATS_TEST_TMPDIR/e.jsonl"
	assert_output '["Cleo",1100]
["Hal",-290]'
	for l in en de ru; do
		armylist-parse -T text --lang=$l $E/entries.csv > "$BATS_TEST_TMPDIR/e.txt"
		diff <(armylist-parse $E/entries.csv | sed 's/ file="[^"]*" line="[0-9]*"//; s/<elements text="[^"]*"/<elements/') \
		    <(armylist-parse "$BATS_TEST_TMPDIR/e.txt" | sed 's/ file="[^"]*" line="[0-9]*"//; s/<elements text="[^"]*"/<elements/')
	done
	run -0 armylist-parse -T text --lang=de $E/entries.csv
	assert_line 'Spieler: Cleo'
	assert_line 'Jahr: 290BC'
}

@test "entries: the figures decide the type in 3.0 (fast 3Bw is not solid 4Bw), not in 2.2" {
	printf '%s\n' 'X/3 Bows 290BC' '1x3Kn (Gen), 3x3Cv, 6x2LH, 2x3Bw' > "$BATS_TEST_TMPDIR/e.txt"
	run -0 armylist-check --rules=dba3 --book=$E/book.txt "$BATS_TEST_TMPDIR/e.txt"
	printf '%s\n' 'X/3 Bows 290BC' '1x3Kn (Gen), 3x3Cv, 6x2LH, 2x8Bw' > "$BATS_TEST_TMPDIR/f.txt"
	run -1 armylist-check --rules=dba3 --book=$E/book.txt "$BATS_TEST_TMPDIR/f.txt"
	assert_line --partial "'8Bw' is not in the list"
	run -0 armylist-check --rules=dba22 --book=$E/book.txt "$BATS_TEST_TMPDIR/f.txt"
	# without figures an element fits any
	printf '%s\n' 'X/3 Bows 290BC' '1xKn (Gen), 3xCv, 6xLH, 2xBw' > "$BATS_TEST_TMPDIR/g.txt"
	run -0 armylist-check --rules=dba3 --book=$E/book.txt "$BATS_TEST_TMPDIR/g.txt"
}

@test "entries: the TSV has a player column at the end; XML and JSON name the player" {
	run -1 --separate-stderr armylist-check --rules=dba3 -T tsv --book=$E/book.txt $E/entries.txt
	assert_output "file	line	army	severity	code	message	col	player
$E/entries.txt	6	X/1	error	entry-count	6 Kn where the list allows at most 5 (list X/1, $E/book.txt:2)		Bob"
	run -1 --separate-stderr armylist-check --rules=dba3 -T xml --book=$E/book.txt $E/entries.txt
	assert_line --partial 'player="Bob"'
	validate findings.rng <(printf '%s\n' "$output")
	run -1 --separate-stderr armylist-check --rules=dba3 -T jsonl --book=$E/book.txt $E/entries.txt
	assert_equal "$(jq -r .player <<<"$output")" Bob
	# without --book the TSV has no player column
	run -0 --separate-stderr armylist-check -T tsv ../samples/english-lists.xml
	assert_line --index 0 "file	line	army	severity	code	message	col"
}

@test "entries: a book that cannot be read is status 4, one without lists status 2; the book's own faults are not reported" {
	run -4 --separate-stderr armylist-check --book=$BATS_TEST_TMPDIR/none $E/entries.txt
	assert_equal "$stderr" "armylist-check: cannot open '$BATS_TEST_TMPDIR/none': No such file or directory"
	printf 'no lists here\n' > "$BATS_TEST_TMPDIR/empty.txt"
	run -2 --separate-stderr armylist-check --book="$BATS_TEST_TMPDIR/empty.txt" $E/entries.txt
	assert_equal "$stderr" "armylist-check: --book '$BATS_TEST_TMPDIR/empty.txt' holds no army list"
	# the 3.0 corpus has typos: they are not the entries'
	printf '%s\n' 'II/40 Numidians 100BC' 'Player: Kim' '1x3Cv (Gen), 8x2LH, 3x2Ps' > "$BATS_TEST_TMPDIR/n.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=corpus/dba3-lists.txt "$BATS_TEST_TMPDIR/n.txt"
	assert_output "$BATS_TEST_TMPDIR/n.txt:1: error: army II/40 of Kim: 8 LH where the list allows at most 7 (list II/40, corpus/dba3-lists.txt:1262) [entry-count]"
	assert_equal "$stderr" "armylist-check: 1 entry: 0 legal, 1 illegal"
}

@test "entries: the organiser's evening of armylist-check(1) and the README" {
	cd "$TOP"
	run -1 --separate-stderr armylist-check --rules=dba22 -T tsv --book=samples/corpus-sample.txt samples/entries.txt
	assert_output "file	line	army	severity	code	message	col	player
samples/entries.txt	14	II/5a	error	entry-count	2 Ax where the list allows at most 1 (list II/5a, samples/corpus-sample.txt:6)		Eric Falk
samples/entries.txt	19	II/27	error	entry-count	0 LH where the list needs at least 1 (list II/27b, samples/corpus-sample.txt:34)		Gina Holm"
	assert_equal "$stderr" "armylist-check: 4 entries: 2 legal, 2 illegal"
	grep -qF 'armylist-check --rules=dba22 -T tsv --book=samples/corpus-sample.txt samples/entries.txt' README.md
	# the e-mailed entries and the form's, in the README and the page
	run -1 --separate-stderr armylist-check --rules=dba22 --book=samples/corpus-sample.txt samples/entries-mail.txt samples/entries-form.csv
	assert_output "samples/entries-mail.txt:14:1: warning: army II/15: e-mail text not read: 'Cheers, Ivo' [mail-text]
samples/entries-form.csv:3: error: army II/12 of Lea Moser: 'El' is not in the list (list II/12, samples/corpus-sample.txt:18) [entry-not-in-list]"
	assert_equal "$stderr" "armylist-check: 5 entries: 4 legal, 1 illegal"
	grep -qF 'armylist-check --rules=dba22 --book=samples/corpus-sample.txt samples/entries-mail.txt samples/entries-form.csv' README.md
	# an entry's card names its player
	armylist-parse --rules=dba22 samples/entries.txt 2>/dev/null | armylist-select --name='Macedonians' -o "$BATS_TEST_TMPDIR/l.xml"
	run -0 refcard-render "$BATS_TEST_TMPDIR/l.xml"
	assert_output --partial '<b>Player</b>&#160;Anna Berg'
}

@test "events: an event refuses by date, by theme (the armies and enemies of a list), by allies, by edition and by book" {
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/book.txt --event=$E/event.xml $E/event-entries.txt
	assert_output "$E/event-entries.txt:6: error: army X/1 of Ben: the year 1190 AD is outside the event's dates (event Test Cup) [entry-not-allowed]
$E/event-entries.txt:10: error: army X/3 of Cat: X/3 is not among the event's armies (event Test Cup) [entry-not-allowed]
$E/event-entries.txt:14: error: army X/1 of Dov: the event allows no allies (event Test Cup) [entry-not-allowed]
$E/event-entries.txt:19: warning: army X/2 of Eva: fits list X/2a Test Dated 700-400BC, one of 2 under X/2 ($E/book.txt:8) [entry-fits]"
	assert_equal "$stderr" "armylist-check: 5 entries: 2 legal, 3 illegal"
	validate event.rng $E/event.xml
	# the edition: a 3.0 event, entries of 2.2
	run -1 armylist-check --rules=dba22 --book=$E/book.txt --event=$E/event.xml $E/event-entries.txt
	assert_line --index 0 "$E/event-entries.txt:2: error: army X/1 of Ann: an army of dba22, which the event does not allow (event Test Cup) [entry-not-allowed]"
	# the book: an event of book I only
	printf '<event version="1" name="Book I"><book>I</book></event>\n' > "$BATS_TEST_TMPDIR/e.xml"
	run -1 armylist-check --rules=dba22 --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/e.xml" ../samples/entries.txt
	assert_line --index 0 "../samples/entries.txt:6: error: army II/12 of Anna Berg: book II is not one the event allows (event Book I) [entry-not-allowed]"
	# blanks around a token, as the schema allows: the same answers
	printf '<event version="1" name="Spaced"><rules> dba22 </rules><book> II\n</book><armies><ref>\n  II/12 </ref></armies></event>\n' > "$BATS_TEST_TMPDIR/s.xml"
	validate event.rng "$BATS_TEST_TMPDIR/s.xml"
	run -1 --separate-stderr armylist-check --rules=dba22 --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/s.xml" ../samples/entries.txt
	refute_output --partial 'Anna Berg'
	assert_line --index 0 "../samples/entries.txt:10: error: army II/5b of Carl Dahl: II/5b is not among the event's armies (event Spaced) [entry-not-allowed]"
	assert_equal "$stderr" "armylist-check: 4 entries: 1 legal, 3 illegal"
	# the sample event lets the sample entries through to their lists
	run -1 armylist-check --rules=dba22 --book=../samples/corpus-sample.txt --event=../samples/event.xml ../samples/entries.txt
	refute_output --partial entry-not-allowed
}

@test "events: a theme page's ids as a file of ids; --event needs --book; a bad event file" {
	printf '# the armies allowed\nII/12 Alexandrian Macedonian\nII/5b, II/27\n' > "$BATS_TEST_TMPDIR/ids.txt"
	run -1 --separate-stderr armylist-check --rules=dba22 --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/ids.txt" ../samples/entries.txt
	assert_line --index 0 "../samples/entries.txt:14: error: army II/5a of Eric Falk: II/5a is not among the event's armies (event $BATS_TEST_TMPDIR/ids.txt) [entry-not-allowed]"
	assert_equal "${#lines[@]}" 2
	# an id after a comma follows a name too; a file of no id is an error
	printf 'II/12 Alexandrian Macedonian, II/5a\nII/5b, II/27\n' > "$BATS_TEST_TMPDIR/ids2.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/ids2.txt" --ignore=entry-count ../samples/entries.txt
	refute_output --partial entry-not-allowed
	printf '# none yet\nMacedonians\n' > "$BATS_TEST_TMPDIR/none.txt"
	run -2 --separate-stderr armylist-check --rules=dba22 --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/none.txt" ../samples/entries.txt
	assert_output ''
	assert_equal "$stderr" "armylist-check: --event '$BATS_TEST_TMPDIR/none.txt' holds no army id"
	run -3 --separate-stderr armylist-check --event="$BATS_TEST_TMPDIR/ids.txt" ../samples/entries.txt
	assert_equal "${stderr%%$'\n'*}" "armylist-check: --event needs --book (the entries' book)"
	printf '<event version="1"><book>V</book></event>\n' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr armylist-check --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/bad.xml" ../samples/entries.txt
	assert_output ''
	[[ $stderr == *"$BATS_TEST_TMPDIR/bad.xml"* ]]
	printf '<!DOCTYPE x [<!ENTITY a "b">]><event version="1"/>\n' > "$BATS_TEST_TMPDIR/dt.xml"
	run -2 --separate-stderr armylist-check --book=../samples/corpus-sample.txt --event="$BATS_TEST_TMPDIR/dt.xml" ../samples/entries.txt
	[[ $stderr == *"DOCTYPE not allowed"* ]]
}

@test "every EXAMPLE of event(5) runs, with its status, golden" {
	man_examples event.5 1 0
	output=${EXAMPLES%$'\n'}
	golden armylist-check/examples-event.txt
}

@test "entries as players write the general: '3Kn Gen', '1xKn Gen', '(Gene)'; 'General' alone is no keyword typo" {
	printf '%s\n' "III/45b Scots 1058AD" 'Player: Anna' '3Kn Gen, 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    "III/45b Scots 1058AD" 'Player: Bob' '1x3Kn (Gene), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    "III/45b Scots 1058AD" 'Player: Cy' '1xKn Gen, 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/e.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/e.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-check: 3 entries: 3 legal, 0 illegal"
	run -0 --separate-stderr armylist-parse -T tsv "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$(cut -f8 <<<"$output" | sed -n 2,4p)" "1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps
1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps
1xKn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps"
	printf '%s\n' "III/45b Scots 1058AD" 'General & guard (3Kn), 1x2LH' > "$BATS_TEST_TMPDIR/g.txt"
	run -0 --separate-stderr armylist-parse -T text "$BATS_TEST_TMPDIR/g.txt"
	refute [ "$(grep -c "did you mean 'General'" <<<"$stderr")" != 0 ]
	assert_line '1x3Kn (Gen), 1x2LH'
}

@test "entries: 'General & guard (6Kn)', and a general left open in words is legal with one option, and says which" {
	printf '%s\n' 'IV/13c Germans 1470AD' 'Player: Ute' \
	    'General & guard (6Kn), 2x6Kn, 1xCv, 1xCv, 2x4Pk, 2x4Cb, 1x7Hd, 1xPs, 1xPs' > "$BATS_TEST_TMPDIR/k.txt"
	run -0 --separate-stderr armylist-check --rules=dba3 --book=corpus/dba3-lists.txt "$BATS_TEST_TMPDIR/k.txt"
	# the second of the two IV/13c lists (its 1x7Hd)
	assert_output "$BATS_TEST_TMPDIR/k.txt:1: warning: army IV/13c of Ute: fits list IV/13c Medieval German Army 1440-1493AD, one of 2 under IV/13c (corpus/dba3-lists.txt:2532) [entry-fits]"
	printf '%s\n' 'III/45b Scots 1058AD' 'Player: Vic' 'General: either three knights or four blades' \
	    '1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    'III/45b Scots 1058AD' 'Player: Wil' 'General: either three cavalry or three knights' \
	    '1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    'III/45b Scots 1058AD' 'Player: Xan' 'General: either two light horse or four blades' \
	    '1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/o.txt"
	run -0 armylist-parse -T text "$BATS_TEST_TMPDIR/o.txt"
	assert_line '1x3Kn or 4Bd (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps'
	assert_line '1x2LH or 4Bd (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps'
	# a digit without a count on a General line: the figures of one element
	printf '%s\n' 'III/45b Scots 1058AD' 'General: 3Kn' '1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/d.txt"
	run -0 --separate-stderr armylist-parse -T text "$BATS_TEST_TMPDIR/d.txt"
	assert_line '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps'
	assert_equal "$stderr" ''
	run -1 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/o.txt"
	assert_output "$BATS_TEST_TMPDIR/o.txt:1: warning: army III/45b of Vic: fits list III/45b with its general's element 3Kn, not 4Bd (corpus/dba22-lists.txt:2070) [entry-fits]
$BATS_TEST_TMPDIR/o.txt:11: error: army III/45b of Xan: the general's element 1x2LH is not one the list allows as general (list III/45b, corpus/dba22-lists.txt:2070) [entry-general]"
	assert_equal "$stderr" "armylist-check: 3 entries: 2 legal, 1 illegal"
	# an id without its letter: the variant it fits, and the others it fits too
	printf '%s\n' 'II/20 Ptolemaic' 'Player: Yves' '1x3Kn (Gen), 1x3Kn, 1x2LH, 6x4Pk, 1x4Ax, 1xEl, 1x2Ps' > "$BATS_TEST_TMPDIR/v.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 -T tsv --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/v.txt"
	assert_line --index 1 "$BATS_TEST_TMPDIR/v.txt	1	II/20	warning	entry-fits	fits list II/20a Ptolemaic 320-275BC, one of 5 under II/20 (corpus/dba22-lists.txt:930); fits too: II/20b (corpus/dba22-lists.txt:935)		Yves"
	run -0 --separate-stderr armylist-check --ignore=entry-fits --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/v.txt"
	assert_output ''
}

@test "entries: a camp listed with the army is accepted and not counted; it reads back" {
	printf '%s\n' "III/45b Scots 1058AD" 'Player: Bob' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps, 1xCamp' > "$BATS_TEST_TMPDIR/e.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/e.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-check: 1 entry: 1 legal, 0 illegal"
	run -0 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/e.txt"
	assert_equal "$stderr" ""
	assert_line '        <troop code="?" name="Camp"/>'
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/e.xml"
	run -0 armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/e.xml"
	# a German camp too; an unknown name is still an error
	printf '%s\n' "III/45b Scots 1058AD" '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps, 1x Lager' > "$BATS_TEST_TMPDIR/d.txt"
	run -0 armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/d.txt"
	# a Russian one, written with its capital
	printf '%s\n' "III/45b Scots 1058AD" '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps, 1x Лагерь' > "$BATS_TEST_TMPDIR/r.txt"
	run -0 armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/r.txt"
	printf '%s\n' "III/45b Scots 1058AD" '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps, 1xCmap' > "$BATS_TEST_TMPDIR/u.txt"
	run -2 armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/u.txt"
	assert_line --partial "unknown troop type 'Cmap'"
}

@test "camps: a list that names a camp totals 12 without it; an entry's card shows the camp as a camp, not as an unknown troop" {
	printf '%s\n' 'X/1 A list with its camp 500BC' 'Aggression 1' 'Terrain Arable' 'Enemies: X/1' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps, 1xCamp' > "$BATS_TEST_TMPDIR/l.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 "$BATS_TEST_TMPDIR/l.txt"
	assert_output ''
	printf '%s\n' "III/45b Scots 1058AD" 'Player: Bob' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps, 1xCamp' > "$BATS_TEST_TMPDIR/e.txt"
	armylist-parse --rules=dba22 "$BATS_TEST_TMPDIR/e.txt" > "$BATS_TEST_TMPDIR/e.xml"
	run -0 refcard-render "$BATS_TEST_TMPDIR/e.xml"
	assert_output --partial '<tr><td>Camp</td><td>Camp</td><td class="num">1</td>'
	assert_output --partial 'not counted among the elements'
	refute_output --partial '<td>?</td>'
	refute_output --partial 'unknown troop type'
	run -0 refcard-render --lang=de "$BATS_TEST_TMPDIR/e.xml"
	assert_output --partial '<tr><td>Lager</td><td>Camp</td>'
	run -0 refcard-render --lang=ru "$BATS_TEST_TMPDIR/e.xml"
	assert_output --partial 'не считается элементом'
}

@test "entries: an option under a condition ('(if Thuringians) Cv') only for an entry that names it" {
	printf '%s\n' 'I/1 Test 500BC' 'Player: X' '1x3Kn (Gen), 1xMtd-4Lb, 1x3Bd, 1xCv, 1x6Kn, 2xLH, 1xCv, 4x4Bd' '' \
	    'I/1 Test with Thuringians 500BC' 'Player: Y' '1x3Kn (Gen), 1xMtd-4Lb, 1x3Bd, 1xCv, 1x6Kn, 2xLH, 1xCv, 4x4Bd' '' \
	    'I/1 Test 500BC' 'Player: Z' '1x3Kn (Gen), 1xMtd-4Lb, 1x3Bd, 1xCv, 1x6Kn, 2xLH, 1xLH, 4x4Bd' > "$BATS_TEST_TMPDIR/c.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=fixtures/lists3/notation.txt "$BATS_TEST_TMPDIR/c.txt"
	assert_output "$BATS_TEST_TMPDIR/c.txt:1: error: army I/1 of X: an option it takes is the list's only under a condition ('if ...') the entry does not name (list I/1, fixtures/lists3/notation.txt:1) [entry-count]"
	assert_equal "$stderr" "armylist-check: 3 entries: 2 legal, 1 illegal"
}

@test "entries: a condition or an ally is named by a whole word, not inside another, a short word whole" {
	printf '%s\n' 'I/1 Ostthuringians 500BC' 'Player: X' '1x3Kn (Gen), 1xMtd-4Lb, 1x3Bd, 1xCv, 1x6Kn, 2xLH, 1xCv, 4x4Bd' '' \
	    'I/1 Graeco-Thuringians 500BC' 'Player: Y' '1x3Kn (Gen), 1xMtd-4Lb, 1x3Bd, 1xCv, 1x6Kn, 2xLH, 1xCv, 4x4Bd' > "$BATS_TEST_TMPDIR/c.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=fixtures/lists3/notation.txt "$BATS_TEST_TMPDIR/c.txt"
	assert_output "$BATS_TEST_TMPDIR/c.txt:1: error: army I/1 of X: an option it takes is the list's only under a condition ('if ...') the entry does not name (list I/1, fixtures/lists3/notation.txt:1) [entry-count]"
	assert_equal "$stderr" "armylist-check: 2 entries: 1 legal, 1 illegal"
	# 'Rid' and 'Te' name no ally (they named X/12, Test Riders)
	printf '%s\n' 'X/11 Host with Rid allies 450BC' 'Player: Ann' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/11 Host with Te allies 450BC' 'Player: Bob' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/11 Host with Ride allies 450BC' 'Player: Cy' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' > "$BATS_TEST_TMPDIR/w.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt --event=$E/allies-event.xml "$BATS_TEST_TMPDIR/w.txt"
	assert_output "$BATS_TEST_TMPDIR/w.txt:9: error: army X/11 of Cy: ally X/12 is not among the event's armies (event Hill Cup) [entry-not-allowed]"
}

@test "entries: an allied contingent against its ally's list, in list text, CSV, JSON Lines and XML" {
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt $E/allies.txt
	assert_output "$E/allies.txt:7: error: army X/11 of Bea: ally X/12: its contingent 1x2LH (Gen), 2x4Bd: '4Bd' is not in the list (list X/12, $E/allies-book.txt:10) [entry-ally]
$E/allies.txt:12: error: army X/11 of Cid: ally X/18: no list X/18 in the book (did you mean 'X/11'?) [entry-ally]
$E/allies.txt:17: error: army X/11 of Dag: ally X/14: not one the list X/11 takes [entry-ally]
$E/allies.txt:22: error: army X/11 of Eli: ally X/12: its contingent 1x2LH (Gen), 2x2LH: the year 350 BC is outside the list's dates (list X/12, $E/allies-book.txt:10) [entry-ally]
$E/allies.txt:27: error: army X/11 of Fay: 10 elements and 3 of allies where the list has 12 (list X/11, $E/allies-book.txt:3) [entry-count]"
	assert_equal "$stderr" "armylist-check: 6 entries: 1 legal, 5 illegal"
	# the CSV's allies column; the contingent reads back from every format
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt $E/allies.csv
	assert_output "$E/allies.csv:3: error: army X/11 of Bea: ally X/12: its contingent 1x2LH (Gen), 2x4Bd: '4Bd' is not in the list (list X/12, $E/allies-book.txt:10) [entry-ally]"
	assert_equal "$stderr" "armylist-check: 3 entries: 2 legal, 1 illegal"
	want=${output#*: error: }
	for F in xml json jsonl tsv text; do
		armylist-parse --rules=dba3 -T $F $E/allies.csv > "$BATS_TEST_TMPDIR/a.$F"
		run -1 --separate-stderr armylist-check --book=$E/allies-book.txt "$BATS_TEST_TMPDIR/a.$F"
		assert_equal "${output#*: error: }" "$want"
	done
	run -0 armylist-parse $E/allies.csv
	assert_line '    <allies elements="1x2LH (Gen), 2x2LH">'
	# the ally's name after its id is left out
	printf '%s\n' 'X/11 Host 450BC' 'Allies: X/12 Riders: 1x2LH (Gen), 2x2LH' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 2x2Ps' > "$BATS_TEST_TMPDIR/n.txt"
	run -0 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt "$BATS_TEST_TMPDIR/n.txt"
	assert_output ''
	run -0 armylist-parse "$BATS_TEST_TMPDIR/n.txt"
	assert_line '    <allies elements="1x2LH (Gen), 2x2LH">'
	validate armylist.rng <(printf '%s\n' "$output")
	run -0 jq -r '."ally-elements"' "$BATS_TEST_TMPDIR/a.jsonl"
	assert_line --index 2 '1x3Ax (Gen), 2x3Ax'
	run -0 grep '^Allies:' "$BATS_TEST_TMPDIR/a.text"
	assert_line --index 0 'Allies: X/12: 1x2LH (Gen), 2x2LH'
	# a contingent that cannot be read, of two allies
	printf '%s\n' 'X/11 Host 450BC' 'Allies: X/12: 1x2LH (Gen' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 2x2Ps' '' \
	    'X/11 Host 450BC' 'Allies: X/12 or X/13: 1x2LH (Gen), 2x2LH' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 2x2Ps' > "$BATS_TEST_TMPDIR/b.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt "$BATS_TEST_TMPDIR/b.txt"
	assert_line --index 0 "$BATS_TEST_TMPDIR/b.txt:1: error: army X/11: ally X/12: its contingent '1x2LH (Gen' cannot be read [entry-ally]"
	assert_line --index 1 "$BATS_TEST_TMPDIR/b.txt:5: error: army X/11: ally X/12: a contingent is one ally's, the entry names 2 [entry-ally]"
}

@test "entries: a contingent of an ally with several lists under its id passes when a later one fits" {
	local t=$BATS_TEST_TMPDIR
	printf '%s\n' 'X/11 Test Host 500-300BC' 'Aggression 2' 'Terrain Arable' 'Allies: X/16' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/16a Test Riders 600-400BC' 'Aggression 1' 'Terrain Steppe' '1x2LH (Gen), 6x2LH, 5x2Ps' '' \
	    'X/16b Test Riders 400-300BC' 'Aggression 1' 'Terrain Steppe' '1x3Cv (Gen), 6x3Cv, 5x2Ps' > "$t/book.txt"
	printf '%s\n' 'X/11 Host 350BC' 'Allies: X/16: 1x3Cv (Gen), 2x3Cv' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 2x2Ps' '' \
	    'X/11 Host 350BC' 'Allies: X/16: 1x2LH (Gen), 2x2LH' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 2x2Ps' > "$t/e.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book="$t/book.txt" "$t/e.txt"
	assert_output "$t/e.txt:5: error: army X/11: ally X/16: its contingent 1x2LH (Gen), 2x2LH: the year 350 BC is outside the list's dates (list X/16a, $t/book.txt:7) [entry-ally]"
	assert_equal "$stderr" "armylist-check: 2 entries: 1 legal, 1 illegal"
}

@test "events: allies from the same selection only" {
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt --event=$E/allies-event.xml $E/allies.csv
	assert_output "$E/allies.csv:2: error: army X/11 of Ada: ally X/12 is not among the event's armies (event Hill Cup) [entry-not-allowed]
$E/allies.csv:3: error: army X/11 of Bea: ally X/12 is not among the event's armies (event Hill Cup) [entry-not-allowed]"
	# Gil's X/13 is in the selection
	assert_equal "$stderr" "armylist-check: 3 entries: 1 legal, 2 illegal"
	validate event.rng $E/allies-event.xml
	# the ally a title names, by id or by a word of the ally's title
	printf '%s\n' 'X/11 Host with X/12 allies 450BC' 'Player: Ann' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/11 Host with Riders allies 450BC' 'Player: Bob' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/11 Host with Hillmen allies 450BC' 'Player: Cy' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/11 Host with X/14 allies 450BC' 'Player: Dee' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' '' \
	    'X/11 Host with Strangers allies 450BC' 'Player: Eli' '1x3Cv (Gen), 2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps' > "$BATS_TEST_TMPDIR/w.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt --event=$E/allies-event.xml "$BATS_TEST_TMPDIR/w.txt"
	assert_output "$BATS_TEST_TMPDIR/w.txt:1: error: army X/11 of Ann: ally X/12 is not among the event's armies (event Hill Cup) [entry-not-allowed]
$BATS_TEST_TMPDIR/w.txt:5: error: army X/11 of Bob: ally X/12 is not among the event's armies (event Hill Cup) [entry-not-allowed]
$BATS_TEST_TMPDIR/w.txt:13: error: army X/11 of Dee: ally X/14 is not among the event's armies (event Hill Cup) [entry-not-allowed]"
	# without the event: X/14 is no ally X/11 takes; 'Strangers' names none of its allies
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt "$BATS_TEST_TMPDIR/w.txt"
	assert_output "$BATS_TEST_TMPDIR/w.txt:13: error: army X/11 of Dee: ally X/14: not one the list X/11 takes [entry-ally]"
}

@test "entries: the issue's examples on the 2.2 corpus: knights the Breton list never offers, six Kn where III/21b allows five" {
	printf '%s\n' 'III/18 Breton 900AD' 'Player: Kay' '1x3Kn (Gen), 4x3Kn, 3x2LH, 1x2LH, 2x3Cv, 1x3Cv' '' \
	    'III/21b Italian Lombard 900AD' 'Player: Lou' '1x3Kn (Gen), 5x3Kn, 4x4Sp, 1x2Ps, 1x7Hd' > "$BATS_TEST_TMPDIR/k.txt"
	run -1 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/k.txt"
	assert_output "$BATS_TEST_TMPDIR/k.txt:1: error: army III/18 of Kay: '3Kn' is not in the list (list III/18, corpus/dba22-lists.txt:1820) [entry-not-in-list]
$BATS_TEST_TMPDIR/k.txt:5: error: army III/21b of Lou: 6 Kn where the list allows at most 5 (list III/21b, corpus/dba22-lists.txt:1855) [entry-count]"
}

@test "entries: every finding code the same from list text, TSV, XML, JSON and JSON Lines" {
	codes() { sed 's/^[^:]*:[0-9]*: //' | sort; }
	printf '%s\n' 'X/2 Late 650BC' 'Player: Ola' '1x3Cv (Gen), 1x3Bd, 6x4Ax, 4x2Ps' > "$BATS_TEST_TMPDIR/b.txt"
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/book.txt "$BATS_TEST_TMPDIR/b.txt" $E/more.txt
	want=$(codes <<<"$output")
	for c in entry-unknown-list entry-not-in-list entry-count entry-general entry-year entry-no-year entry-fits; do
		[[ $want == *"[$c]"* ]]
	done
	for F in tsv xml json jsonl; do
		armylist-parse --rules=dba3 -T $F "$BATS_TEST_TMPDIR/b.txt" $E/more.txt > "$BATS_TEST_TMPDIR/m.$F"
		run -1 --separate-stderr armylist-check --book=$E/book.txt "$BATS_TEST_TMPDIR/m.$F"
		assert_equal "$(codes <<<"$output")" "$want"
	done
	run -1 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt $E/allies.txt
	want=$(codes <<<"$output")
	[[ $want == *"[entry-ally]"* ]]
	for F in tsv xml json jsonl; do
		armylist-parse --rules=dba3 -T $F $E/allies.txt > "$BATS_TEST_TMPDIR/a.$F"
		run -1 --separate-stderr armylist-check --book=$E/allies-book.txt "$BATS_TEST_TMPDIR/a.$F"
		assert_equal "$(codes <<<"$output")" "$want"
	done
}

# gen_general N FILE: an entry whose General line leaves its element
# open among N options ('General: 3Kn or 4Bd or ...').
gen_general() {
	awk -v n="$1" 'BEGIN { split("3Kn 4Bd 3Cv 2LH", t, " ")
		printf "X/11 Host 450BC\nGeneral: 3Cv"
		for (i = 1; i < n; i++) printf " or %s", t[i % 4 + 1]
		print "\n2x3Cv, 4x4Sp, 3x4Ax, 2x2Ps" }' > "$2"
}

@test "entries: a general left open among many options is judged in time linear in their number" {
	gen_general 4 "$BATS_TEST_TMPDIR/g.txt"
	run -0 --separate-stderr armylist-check --rules=dba3 --book=$E/allies-book.txt "$BATS_TEST_TMPDIR/g.txt"
	assert_output --partial "with its general's element 3Cv or 3Cv, not 4Bd or 2LH"
	linear 2000 gen_general armylist-check --rules=dba3 --book=$E/allies-book.txt @LIN@
}

@test "entries as e-mailed: the player above the army, the army on a label line ('Army: Name (III/45b)'), a dash for the colon" {
	printf '%s\n' 'Hi Peter, our lists for Saturday:' '' 'Player: Anna' \
	    "Army: Malcolm Canmore's Scots (III/45b) 1058AD" \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    'Spieler - Bob' 'Armee: III/45b Schotten 1058AD' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' \
	    'Player: Cy' 'List: Scots III/45b' 'Year: 1058AD' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' \
	    'Player: Dee' 'III/45b Scots 1058AD' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    'III/45b Scots 1058AD' '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' \
	    'Player: Eve' '' 'III/45b Scots 1058AD' 'Player: Fay' \
	    '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' 'Player: Gus' \
	    'Army III/45b Scots 1058AD' '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/m.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/m.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-check: 7 entries: 7 legal, 0 illegal"
	# each its player: one held above a label or a reference is the next
	# record's; one after the elements and before a blank line the record's
	run -0 --separate-stderr armylist-parse --rules=dba22 -T tsv "$BATS_TEST_TMPDIR/m.txt"
	assert_equal "$(printf '%s\n' "$output" | cut -f1,2,17,18)" "$(printf '%s\t%s\t%s\t%s\n' \
	    id name player year \
	    III/45b "Malcolm Canmore's Scots" Anna '' \
	    III/45b Schotten Bob '' \
	    III/45b Scots Cy 1058 \
	    III/45b Scots Dee '' \
	    III/45b Scots Eve '' \
	    III/45b Scots Fay '' \
	    III/45b Scots Gus '')"
	# a label line whose value holds no reference is the element list,
	# with its colon or, the list right after it, without
	printf '%s\n' 'III/45b Scots 1058AD' 'Army: 1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' \
	    'III/45b Scots 1058AD' 'List 1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' > "$BATS_TEST_TMPDIR/l.txt"
	run -0 --separate-stderr armylist-check --rules=dba22 --book=corpus/dba22-lists.txt "$BATS_TEST_TMPDIR/l.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-check: 2 entries: 2 legal, 0 illegal"
	# a player with no record after it is named
	printf '%s\n' 'III/45b Scots 1058AD' '1x3Kn (Gen), 1x2LH, 1x4Wb, 6x3Sp, 1x3Wb, 2x2Ps' '' 'Player: Gil' '' 'Cheers' > "$BATS_TEST_TMPDIR/p.txt"
	run -0 --separate-stderr armylist-parse --rules=dba22 -T tsv "$BATS_TEST_TMPDIR/p.txt"
	assert_equal "$(printf '%s\n' "$output" | sed -n 2p | cut -f17)" "Gil"
	# and the sign-off after it is e-mail text, a warning
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/p.txt:6:1: warning: e-mail text not read: 'Cheers'"
}
