#!/usr/bin/env bats
# combat-calc: every option, flag, rule and error path.
load helpers/common

@test "combat-calc: every EXAMPLE of the man page, with its status" {
	man_examples combat-calc.1 0 0 0 0 0 0 0 0
}

@test "combat-calc: the XML of the worked check Kn vs Sp validates" {
	run -0 bash -c "echo 'Kn vs Sp' | combat-calc --odds -T xml"
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "combat-calc: the Bd vs Kn XML as first specified (tests/corpus)" {
	cd "$FIX/combat"
	run -0 combat-calc -T xml --odds --roll -s 42 t.txt
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/o.xml"
	# the example as first specified has no input in the output; the XML
	# now carries the dice and the flags too, left out of this comparison
	output=$(sed -E 's/ dice="[0-9]+ [0-9]+"//; s/(<side troop="[^"]*")[^>]*( class=)/\1\2/' <<<"$output")
	assert_equal "$output" "$(printf '<?xml version="1.0" encoding="UTF-8"?>\n'; cat "$CORPUS/combat-bd-kn.xml")"
}

@test "combat-calc: --lang=en is the default; the machine formats keep the codes whatever --lang" {
	# the texts of de and ru: tests/regress/combat-calc/flags-odds-de, -ru
	run -0 --separate-stderr combat-calc --lang=en --odds fixtures/combat/flags.txt
	assert_equal "$output" "$(combat-calc --odds fixtures/combat/flags.txt)"
	for t in tsv jsonl xml; do
		want=$(combat-calc -T $t --odds fixtures/combat/flags.txt)
		for l in de ru; do
			run -0 combat-calc --lang=$l -T $t --odds fixtures/combat/flags.txt
			assert_equal "$output" "$want"
		done
	done
}

@test "combat-calc: every flag and rule, XML validates" {
	run -0 combat-calc -T xml --odds fixtures/combat/flags.txt
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "combat-calc: every flag and rule, JSONL is one object a combat and JSON holds the same" {
	run -0 combat-calc -T jsonl --odds fixtures/combat/flags.txt
	jsonl 48
	want=$output
	run -0 combat-calc -T json --odds fixtures/combat/flags.txt
	json_doc combats "$want"
}

@test "combat-calc: -T json and jsonl carry the seed of --roll as the XML does" {
	run -0 combat-calc -T json --roll -s 7 fixtures/combat/t.txt
	json_doc combats
	run -0 --separate-stderr bash -c "echo 'Kn vs Sp' | combat-calc -T jsonl --roll"
	assert_output --regexp '^\{"file":"-","line":1,.*"die":[1-6],'
	jsonl 1
	[[ "$stderr" =~ ^combat-calc:\ seed:\ [0-9]+$ ]]
	run -0 --separate-stderr combat-calc -T json --roll fixtures/combat/t.txt
	assert_equal "$stderr" ''
	assert_output --regexp '^\{"version":1,"rules":"dba1","seed":"[0-9]+","combats":'
}

@test "combat-calc: -T tsv has a file column exactly with several files" {
	printf 'Kn vs Sp dice 1 1\nBd vs Bd\n' > "$BATS_TEST_TMPDIR/a.txt"
	printf 'Kn general vs Bw\n' > "$BATS_TEST_TMPDIR/b.txt"
	cd "$BATS_TEST_TMPDIR"
	run -0 combat-calc -T tsv a.txt b.txt
	assert_output "$(printf '%s\n' 'file	line	kind	troop1	total1	troop2	total2	die1	die2	result	outcome' \
	    'a.txt	1	close	Kn	3	Sp	4	1	1	beaten	recoil' \
	    'a.txt	2	close	Bd	5	Bd	5				' \
	    'b.txt	1	close	Kn	4	Bw	4				')"
	run -0 combat-calc -T tsv a.txt
	assert_output "$(printf '%s\n' 'line	kind	troop1	total1	troop2	total2	die1	die2	result	outcome' \
	    '1	close	Kn	3	Sp	4	1	1	beaten	recoil' \
	    '2	close	Bd	5	Bd	5				')"
	run -0 combat-calc -T jsonl a.txt b.txt
	jsonl 3
	assert_line --index 2 '{"file":"b.txt","line":1,"kind":"close","sides":[{"troop":"Kn","class":"mounted","factor":3,"total":4,"mods":[{"reason":"general","value":1}]},{"troop":"Bw","class":"foot","factor":4,"total":4,"mods":[]}]}'
	want=$output
	run -0 combat-calc -T json a.txt b.txt
	json_doc combats "$want"
}

@test "combat-calc: combat XML, in and out, validates" {
	run -0 combat-calc -T xml --odds fixtures/combat/combats.xml
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng fixtures/combat/combats.xml
}

@test "combat-calc: --roll is reproducible with -s and BELLIS_SEED" {
	run -0 combat-calc --roll -s 7 fixtures/combat/flags.txt
	a=$output
	BELLIS_SEED=7 run -0 combat-calc --roll fixtures/combat/flags.txt
	assert_equal "$output" "$a"
	run -0 combat-calc --roll -s 8 fixtures/combat/flags.txt
	[ "$output" != "$a" ]
	# given dice are kept
	assert_line '   dice 4 2: 9 vs 4, Kn doubled -> destroyed'
}

@test "combat-calc: a roll does not shift the other lines" {
	run -0 bash -c "printf 'Kn vs Sp\nBd vs Bd\n' | combat-calc --roll -s 5 -T tsv"
	want=${lines[2]}
	run -0 bash -c "printf 'Kn vs Sp dice 1 1\nBd vs Bd\n' | combat-calc --roll -s 5 -T tsv"
	assert_equal "${lines[2]}" "$want"
}

@test "combat-calc: without a seed it draws one and reports it" {
	run -0 --separate-stderr combat-calc --roll fixtures/combat/t.txt
	[[ ${lines[0]} =~ ^seed:\ [0-9]+$ ]]
	seed=${lines[0]#seed: }
	first=$output
	run -0 combat-calc --roll -s "$seed" fixtures/combat/t.txt
	assert_equal "seed: $seed
$output" "$first"
	run -0 --separate-stderr combat-calc --roll -T xml fixtures/combat/t.txt
	assert_line --regexp '^<combats version="1" rules="dba1" seed="[0-9]+">$'
	run -0 --separate-stderr combat-calc --roll -T tsv fixtures/combat/t.txt
	[[ $stderr =~ ^combat-calc:\ seed:\ [0-9]+$ ]]
}

@test "combat-calc: LANG chooses the words when there is no --lang" {
	run -0 bash -c "echo 'Pk vs Kn dice 1 6' | LANG=ru_RU.UTF-8 LC_ALL= combat-calc"
	assert_line '   кубики 1 6: 5 vs 9, Пи отбит -> уничтожен'
}

@test "combat-calc: --rules=FILE corrects a number; a bad table is refused" {
	sed 's/<troop code="Bd" vs-foot="5"/<troop code="Bd" vs-foot="6"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 bash -c "echo 'Bd vs Sp' | combat-calc --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_output '1: Bd 6 = 6  vs  Sp 4 = 4'
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr combat-calc --rules="$BATS_TEST_TMPDIR/bad.xml" /dev/null
	assert_output ''
	[[ $stderr == *"not a valid rules table"* ]]
	validate rules.rng "$TOP/formats/dba1.xml"
}

@test "combat-calc: the die, the doubling and the flag counts come from the rules table" {
	sed 's/die="6" doubled="2"/die="8" doubled="2"/; s/<count flag="shooters" min="1" max="3"/<count flag="shooters" min="1" max="4"/' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 bash -c "echo 'Kn vs Sp' | combat-calc --odds --rules='$BATS_TEST_TMPDIR/r.xml'"
	assert_line --index 1 '   odds: Kn wins 21/64, doubles 2/64; draws 7/64; Sp wins 36/64, doubles 9/64'
	run -0 bash -c "echo 'Bw shoots Bd shooters=4 dice 8 7' | combat-calc --rules='$BATS_TEST_TMPDIR/r.xml'"
	sed 's/<result source="verified" die="6" doubled="2"\/>//' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/none.xml"
	run -2 --separate-stderr combat-calc --rules="$BATS_TEST_TMPDIR/none.xml" /dev/null
	[[ $stderr == *"not a valid rules table"* ]]
}

@test "combat-calc: -o writes atomically and keeps the old file on failure" {
	out=$BATS_TEST_TMPDIR/out.txt
	run -0 combat-calc -o "$out" fixtures/combat/t.txt
	assert_output ''
	assert_equal "$(cat "$out")" "$(combat-calc fixtures/combat/t.txt)"
	echo old > "$out"
	run -4 combat-calc -o "$out" fixtures/combat/t.txt /nonexistent
	assert_equal "$(cat "$out")" old
	[ "$(ls "$BATS_TEST_TMPDIR")" = out.txt ]
	run -2 combat-calc --output="$out" fixtures/combat/bad.txt
	assert_equal "$(cat "$out")" old
}

@test "combat-calc: a full disk is exit 4" {
	run -4 --separate-stderr bash -c "combat-calc fixtures/combat/flags.txt > /dev/full"
	[[ $stderr == *"write error"* ]]
}

@test "combat-calc: the demo sample's XML validates" {
	run -0 combat-calc -T xml --roll -s 1 "$SAMPLES/combats.txt"
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "combat-calc: XML line numbers stay right past 65535" {
	awk 'BEGIN { print "<combats>"
		for (i = 2; i <= 70001; i++)
			print "<combat dice=\"1 2\"><side troop=\"" (i == 70000 ? "Bdx" : "Bd") "\"/><side troop=\"Kn\"/></combat>"
		print "</combats>" }' > "$BATS_TEST_TMPDIR/big.xml"
	run -2 --separate-stderr combat-calc -T tsv "$BATS_TEST_TMPDIR/big.xml"
	assert_equal "$stderr" "combat-calc: $BATS_TEST_TMPDIR/big.xml:70000: error: unknown troop type 'Bdx' (did you mean 'Bd'?)"
	assert_equal "${lines[${#lines[@]}-1]}" "$(printf '70001\tclose\tBd\t3\tKn\t3\t1\t2\tbeaten\trecoil')"
}

# ---- --matchup --------------------------------------------------------

MU=fixtures/combat/matchup.xml

@test "combat-calc: the matchup sample is armylist-parse's XML of its sheet" {
	cd "$TOP"
	run -0 --separate-stderr armylist-parse samples/english-lists.txt
	assert_equal "$output" "$(cat samples/english-lists.xml)"
	cd tests
	run -0 --separate-stderr armylist-parse fixtures/combat/matchup.txt
	assert_equal "$output" "$(cat $MU)"
}

@test "combat-calc: --matchup of two entries by their players' names, as by their ids" {
	armylist-parse --rules=dba22 ../samples/entries-mail.txt ../samples/entries-form.csv > "$BATS_TEST_TMPDIR/e.xml"
	run -0 --separate-stderr combat-calc --matchup=II/27a,II/12 -T tsv "$BATS_TEST_TMPDIR/e.xml"
	local byid=$output
	run -0 --separate-stderr combat-calc --matchup='karl lenz,Lea Moser' -T tsv "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$output" "$byid"
	assert_equal "$(grep -c . <<<"$output")" 36
	run -2 --separate-stderr combat-calc --matchup='Karl Lenz,Nobody' "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$stderr" "combat-calc: $BATS_TEST_TMPDIR/e.xml: error: army 'Nobody' not in the collection"
}

@test "combat-calc: --matchup judges each pair as its line 'X vs Y'" {
	run -0 --separate-stderr combat-calc --matchup=I/1a,I/24a --odds "$SAMPLES/english-lists.xml"
	assert_equal "$stderr" ""
	want=$(printf '%s vs %s\n' Bd Cv Bd Sp Bd Ps Bw Cv Bw Sp Bw Ps Ps Cv Ps Sp Ps Ps | combat-calc --odds)
	assert_equal "$output" "$want"
	run -0 combat-calc --matchup=I/1a,I/24a --going -T tsv "$SAMPLES/english-lists.xml"
	want=$(printf '%s vs %s\n%s difficult vs %s difficult\n' Bd Cv Bd Cv Bd Sp Bd Sp Bd Ps Bd Ps Bw Cv Bw Cv Bw Sp Bw Sp Bw Ps Bw Ps Ps Cv Ps Cv Ps Sp Ps Sp Ps Ps Ps Ps | combat-calc -T tsv)
	assert_equal "$output" "$want"
}

@test "combat-calc: --matchup, every choice, package and dismount" {
	# III/17: a package (2x4Bd + 2x2Ps) counts; IV/62: Kn or 4Bd, Cb or Art
	run -0 combat-calc --matchup=III/17,IV/62 -T tsv "$SAMPLES/english-lists.xml"
	assert_equal "$(cut -f3 <<<"$output" | sed 1d | uniq | tr '\n' ' ')" "Cv LH Kn Bd Ps "
	assert_equal "$(cut -f5 <<<"$output" | sed 1d | sort -u | tr '\n' ' ')" "Art Bd Bw Kn Ps Sp "
	# a dismount (3Kn//4Bd) fields its foot type too
	run -0 bash -c "printf 'IV/1 Test 1000-1100AD\nAggression 1\nTerrain Arable\n1x3Kn//4Bd (Gen), 2x3Kn, 1x2Ps\n' | armylist-parse | combat-calc --matchup=IV/1,IV/1 -T tsv"
	assert_equal "$(cut -f3 <<<"$output" | sed 1d | uniq | tr '\n' ' ')" "Kn Bd Ps "
}

@test "combat-calc: --matchup with unjudged combats: the XML validates, JSON holds the JSONL's records" {
	run -0 combat-calc --matchup=I/2a,I/2b --going --odds -T xml $MU
	echo "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/o.xml"
	run -0 combat-calc --matchup=I/2a,I/2b --going -T jsonl $MU
	jsonl 50
	want=$output
	run -0 combat-calc --matchup=I/2a,I/2b --going -T json $MU
	json_doc combats "$want"
}

@test "combat-calc: --matchup XML reads back to the same results" {
	for o in "" --odds --explain "--roll -s 9" "--rules=dba22 --odds" "--lang=ru"; do
		for g in "" --going; do
			run -0 --separate-stderr combat-calc $o $g --matchup=I/2a,I/2b $MU
			want=$output
			run -0 --separate-stderr bash -c "combat-calc -T xml $o $g --matchup=I/2a,I/2b $MU | combat-calc ${o/-s 9/-s 1}"
			assert_equal "$stderr" ""
			assert_equal "$output" "$want"
		done
	done
}

@test "combat-calc: --matchup: an army twice in the collection, the first is used" {
	cd "$BATS_TEST_TMPDIR"
	{ cat "$FIX/combat/matchup.txt"; printf '\nI/2b Other 1000-900BC\nAggression 1\nTerrain Arable\n1x3Kn (Gen)\n'; } > two.txt
	armylist-parse two.txt > two.xml
	run -0 --separate-stderr combat-calc --matchup=I/2a,I/2b two.xml
	assert_equal "$stderr" "combat-calc: two.txt:14: warning: army 'I/2b' twice in the collection (first at two.txt:9), the first is used; name one as 'I/2b@YEAR' or 'I/2b#2'"
	assert_equal "$output" "$(combat-calc --matchup=I/2a,I/2b "$FIX/combat/matchup.xml")"
	# the qualifier names one: the second by its year or its ordinal
	run -0 --separate-stderr combat-calc --matchup=I/2a,I/2b#2 two.xml
	assert_equal "$stderr" ""
	want=$output
	[ "$want" != "$(combat-calc --matchup=I/2a,I/2b "$FIX/combat/matchup.xml")" ]
	run -0 --separate-stderr combat-calc --matchup=I/2a,I/2b@950BC two.xml
	assert_equal "$stderr" ""
	assert_equal "$output" "$want"
	run -0 --separate-stderr combat-calc --matchup=I/2a,I/2b#1 two.xml
	assert_equal "$output" "$(combat-calc --matchup=I/2a,I/2b "$FIX/combat/matchup.xml")"
	run -3 --separate-stderr combat-calc --matchup=I/2a,I/2b#x two.xml
	assert_equal "${stderr%%$'\n'*}" "combat-calc: invalid value 'I/2a,I/2b#x' for --matchup (a qualifier is a year or an ordinal: I/14d@700BC, I/14d#2)"
}

@test "combat-calc: --matchup: the collection's rules label does what --rules of it does" {
	# corpus-sample.xml is labelled dba22: its factors and its header
	run -0 --separate-stderr combat-calc --matchup=II/5a,II/12 --odds "$SAMPLES/corpus-sample.xml"
	assert_equal "$output" "$(combat-calc --matchup=II/5a,II/12 --odds --rules=dba22 "$SAMPLES/corpus-sample.xml")"
	run -0 --separate-stderr combat-calc --matchup=II/5a,II/12 -T xml "$SAMPLES/corpus-sample.xml"
	assert_equal "$output" "$(combat-calc --matchup=II/5a,II/12 -T xml --rules=dba22 "$SAMPLES/corpus-sample.xml")"
}

@test "combat-calc: --matchup: a collection labelled with no rules edition, under --rules; the diagnostic documented" {
	F=fixtures/combat/matchup-dba9.xml
	# --rules needs no label
	run -0 --separate-stderr combat-calc --matchup=IV/1,IV/1 --rules=dba22 $F
	assert_equal "$stderr" ""
	assert_equal "$output" "$(printf '%s vs %s\n' Kn Kn Kn Ps Ps Kn Ps Ps | combat-calc --rules=dba22)"
	run -0 grep -c '^\.It Sy armylist-unknown-rules Pq error$' "$TOP/man/combat-calc.1"
}

@test "combat-calc: --matchup on a collection cut short" {
	# a collection cut short keeps what it read
	head -c 1500 $MU > "$BATS_TEST_TMPDIR/cut.xml"
	run -2 --separate-stderr combat-calc --matchup=I/2a,I/2b "$BATS_TEST_TMPDIR/cut.xml"
	assert_output ''
}

@test "combat-calc: --matchup on a full disk, -o and a closed pipe" {
	run -4 --separate-stderr bash -c "combat-calc --matchup=I/2a,I/2b --odds $MU > /dev/full"
	[[ $stderr == *"write error"* ]]
	out=$BATS_TEST_TMPDIR/m.txt
	echo old > "$out"
	run -2 combat-calc -o "$out" --matchup=I/2a,I/2x $MU
	assert_equal "$(cat "$out")" old
	run -0 combat-calc -o "$out" --matchup=I/2a,I/2b $MU
	assert_equal "$(cat "$out")" "$(combat-calc --matchup=I/2a,I/2b $MU)"
	run bash -c "combat-calc --matchup=I/2a,I/2b --going --odds $MU 2>&1 | head -n 1"
	assert_output '1: Bd 3 = 3  vs  Cv 3 = 3'
}

