#!/usr/bin/env bats
# The edition follows the data and is always named: the edition-hint
# warning, where a label came from (rules-from), the edition on every
# card, the rules cards of the collection's edition, no matchup of two
# editions without --rules.
load helpers/common

E=fixtures/editions

need_pdf() {
	command -v pdftotext >/dev/null || skip "pdftotext (poppler-utils) is missing"
}
HINT22="troop types not in dba22 but in other editions: CP, CWg, LCm, Mtd-4Lb, 8Sp (dba3); choose one with --rules=dba3 or BELLIS_RULES=dba3"

# ---- edition-hint ----------------------------------------------------------

@test "edition-hint: the 2.2 lists parsed without --rules: one warning naming Hd and dba22, dba3" {
	run -2 --separate-stderr armylist-parse corpus/dba22-lists.txt
	assert_equal "$(grep -c 'other editions' <<<"$stderr")" 1
	hint=$(grep 'other editions' <<<"$stderr")
	assert_equal "$hint" "armylist-parse: corpus/dba22-lists.txt:21: warning: troop types not in dba1 but in other editions: Hd, Lit, 8Bw, 6Kn, 6Cv, 8Cb, 6Bd (dba22, dba3); choose one with --rules=dba22 or BELLIS_RULES=dba22"
	# with the edition chosen, none (the option, or the club's variable)
	run -2 --separate-stderr armylist-parse --rules=dba22 corpus/dba22-lists.txt
	refute [ "$(grep -c 'other editions' <<<"$stderr")" != 0 ]
	BELLIS_RULES=dba22 run -2 --separate-stderr armylist-parse corpus/dba22-lists.txt
	assert_equal "$(grep -c 'other editions' <<<"$stderr")" 0
}

@test "edition-hint: none for lists read under their own edition, the 2.2 ones under 3.0 neither" {
	for c in "--rules=dba22 corpus/dba22-lists.txt" "--rules=dba3 corpus/dba3-lists.txt" \
	    "--rules=dba3 corpus/dba22-lists.txt" "--rules=dba22 $E/lists22.txt" \
	    "--rules=dba3 $E/lists3.txt"; do
		run --separate-stderr armylist-parse $c
		assert_equal "$(grep -c 'other editions' <<<"$stderr")" 0
	done
}

@test "edition-hint: 3.0 notation under dba22 names LCm, Mtd-4Lb, CWg, CP, 8Sp and dba3; the findings stay" {
	run -0 --separate-stderr armylist-parse --rules=dba22 $E/lists3.txt
	assert_equal "$stderr" "armylist-parse: $E/lists3.txt:4: warning: $HINT22"
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/l.xml"
	run -1 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/l.xml"
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/l.xml:4: warning: $HINT22
armylist-check: 2 armies: 2 errors, 2 warnings"
	assert_line "$E/lists3.txt:4: error: army IV/1: troop type 'CP' not in dba22 (in dba3) [unknown-troop]"
	assert_line "$E/lists3.txt:7: error: army IV/2: troop type 'CWg' not in dba22 (in dba3) [unknown-troop]"
}

@test "edition-hint: under dba1, a double element is a hint, a figure count or a name is not (6Cv, not 3Bd, LCh)" {
	run -0 --separate-stderr armylist-parse $E/lists22.txt
	assert_equal "$stderr" "armylist-parse: $E/lists22.txt:2: warning: troop types not in dba1 but in other editions: Hd, 6Cv (dba22, dba3); choose one with --rules=dba22 or BELLIS_RULES=dba22"
	run -0 --separate-stderr armylist-parse $E/lists3.txt
	assert_equal "$stderr" "armylist-parse: $E/lists3.txt:4: warning: troop types not in dba1 but in other editions: CP, CWg, Mtd-4Lb, 8Sp (dba3); choose one with --rules=dba3 or BELLIS_RULES=dba3"
	# the samples' English lists (3Bd, LCh, 4Lb) give none
	run -0 --separate-stderr armylist-parse ../samples/english-lists.txt
	assert_equal "$stderr" ""
}

@test "edition-hint: once per file, at the first army that has one" {
	run -0 --separate-stderr armylist-parse --rules=dba22 $E/lists3.txt $E/lists22.txt $E/lists3.txt
	assert_equal "$stderr" "armylist-parse: $E/lists3.txt:4: warning: $HINT22
armylist-parse: $E/lists3.txt:4: warning: $HINT22"
}

@test "no-combat-factors and no-move-distances name the editions that have the type" {
	# INPUT|TOOL AND OPTIONS|STANDARD ERROR
	while IFS='|' read -r in cmd want; do
		run -2 --separate-stderr bash -c "echo '$in' | $cmd"
		assert_equal "$stderr" "$want"
	done <<-'EOT'
	7Hd vs 4Bd|combat-calc|combat-calc: -:1:1: error: troop type 'Hd' has no dba1 combat factors (it is in dba22, dba3: --rules=dba22)
	CP vs 4Bd|combat-calc --rules=dba22|combat-calc: -:1:1: error: troop type 'CP' has no dba22 combat factors (it is in dba3: --rules=dba3)
	move CWg 1|move-check --rules=dba22|move-check: -:1:6: error: troop type 'CWg' has no dba22 move distances (it is in dba3: --rules=dba3)
	EOT
}

# ---- rules-from -------------------------------------------------------------

@test "rules-from: option, environment, carrier (a German sheet is dba1), default; valid; read back kept" {
	from() { sed -n '2s/.*rules="\([^"]*\)" rules-from="\([^"]*\)".*/\1 \2/p'; }
	assert_equal "$(armylist-parse ../samples/english-lists.txt | from)" "dba1 default"
	assert_equal "$(armylist-parse --rules=dba3 ../samples/english-lists.txt | from)" "dba3 option"
	assert_equal "$(BELLIS_RULES=dba22 armylist-parse ../samples/english-lists.txt | from)" "dba22 environment"
	# a German 1.x sheet carries dba1, whatever the club's variable says
	assert_equal "$(BELLIS_RULES=dba3 armylist-parse ../samples/armeelisten-61-120.txt | from)" "dba1 carrier"
	assert_equal "$(armylist-parse --rules=dba3 ../samples/armeelisten-61-120.txt | from)" "dba3 option"
	# read back: the label and where it came from are kept (XML, JSON,
	# JSON Lines), also under another BELLIS_RULES
	for F in xml json jsonl; do
		BELLIS_RULES=dba22 armylist-parse -T $F ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/o.$F"
		assert_equal "$(BELLIS_RULES=dba3 armylist-parse "$BATS_TEST_TMPDIR/o.$F" | from)" "dba22 environment"
	done
	run -0 jq -r '."rules-from"' "$BATS_TEST_TMPDIR/o.json"
	assert_output environment
	run -0 jq -r '."rules-from"' "$BATS_TEST_TMPDIR/o.jsonl"
	assert_equal "$(sort -u <<<"$output")" environment
	BELLIS_RULES=dba22 armylist-parse ../samples/english-lists.txt > "$BATS_TEST_TMPDIR/o.xml"
	validate armylist.rng "$BATS_TEST_TMPDIR/o.xml"
	# a value the schema does not know is reported and not passed on:
	# the label is then the carrier's
	sed -i 's/rules-from="environment"/rules-from="guess"/' "$BATS_TEST_TMPDIR/o.xml"
	run -2 --separate-stderr armylist-parse "$BATS_TEST_TMPDIR/o.xml"
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/o.xml:2: error: attribute 'rules-from' of <armylists> is not valid"
	assert_line --index 1 '<armylists version="1" rules="dba22" rules-from="carrier">'
}

# ---- every card names its edition ------------------------------------------

@test "cards: army, matchup and rules cards name their edition, in HTML and PDF, in three languages" {
	need_pdf
	armylist-parse --rules=dba3 ../samples/dba3-lists.txt > "$BATS_TEST_TMPDIR/d3.xml"
	for l in en:Rules de:Regeln ru:Правила; do
		run -0 --separate-stderr refcard-render --lang=${l%%:*} --matchup=II/56,II/40 \
		    --army=II/56 --cards=matchup,army,rules "$BATS_TEST_TMPDIR/d3.xml"
		assert_equal "$(grep -c "<b>${l#*:}</b>&#160;DBA 3.0</span></p>" <<<"$output")" 1
		assert_equal "$(grep -c "<th>${l#*:}</th><td>DBA 3.0</td>" <<<"$output")" 1
		assert_equal "$(grep -c '<h1>[^<]* (DBA 3.0)</h1>' <<<"$output")" 3
		refcard-render -T pdf --lang=${l%%:*} --matchup=II/56,II/40 --army=II/56 \
		    --cards=matchup,army,rules -o "$BATS_TEST_TMPDIR/c.pdf" "$BATS_TEST_TMPDIR/d3.xml"
		run -0 sh -c 'pdftotext "$1" - | grep -c "DBA 3\.0"' sh "$BATS_TEST_TMPDIR/c.pdf"
		assert_output 5
	done
	# the campaign cards are of the GURPS tables: no DBA edition
	run -0 refcard-render --cards=campaign
	refute_output --partial 'DBA '
}

@test "cards: a dba3 collection's army and rules cards have no dba1 card, in either order" {
	armylist-parse --rules=dba3 ../samples/dba3-lists.txt > "$BATS_TEST_TMPDIR/d3.xml"
	for c in army,rules rules,army; do
		run -0 --separate-stderr refcard-render --cards=$c "$BATS_TEST_TMPDIR/d3.xml"
		assert_equal "$stderr" ""
		refute_output --partial 'DBA 1.x'
		assert_equal "$(grep -o '<h1>.*</h1>' <<<"$output" | tr '\n' '|')" \
		    "$( [ $c = army,rules ] && printf '%s' '<h1><span class="id">II/40</span> Numidian or Early Moorish Army</h1>|<h1><span class="id">II/56</span> Early Imperial Roman Army</h1>|')<h1>Combat (DBA 3.0)</h1>|<h1>Movement (DBA 3.0)</h1>|<h1>Combat results (DBA 3.0)</h1>|$( [ $c = rules,army ] && printf '%s' '<h1><span class="id">II/40</span> Numidian or Early Moorish Army</h1>|<h1><span class="id">II/56</span> Early Imperial Roman Army</h1>|')"
	done
	# --rules chooses them all; without army cards, BELLIS_RULES, else dba1
	run -0 refcard-render --rules=dba1 --cards=army,rules "$BATS_TEST_TMPDIR/d3.xml"
	refute_output --partial 'DBA 3.0'
	BELLIS_RULES=dba22 run -0 refcard-render --cards=rules
	assert_equal "$(grep -c '(DBA 2.2)</h1>' <<<"$output")" 3
}

@test "cards: a collection of two editions gets the rules cards of each, and says so" {
	armylist-parse --rules=dba3 ../samples/dba3-lists.txt > "$BATS_TEST_TMPDIR/d3.xml"
	run -0 --separate-stderr refcard-render --cards=army,rules "$BATS_TEST_TMPDIR/d3.xml" ../samples/english-lists.xml
	assert_equal "$stderr" "refcard-render: warning: the armies are of 2 rules editions (dba3, dba1): the rules cards of each"
	assert_equal "$(grep -o '<h1>[^<]*(DBA [^<]*</h1>' <<<"$output" | tr '\n' '|')" \
	    "<h1>Combat (DBA 3.0)</h1>|<h1>Movement (DBA 3.0)</h1>|<h1>Combat results (DBA 3.0)</h1>|<h1>Combat (DBA 1.x)</h1>|<h1>Movement (DBA 1.x)</h1>|<h1>Combat results (DBA 1.x)</h1>|"
}

# ---- mixed editions are never mixed silently ------------------------------

@test "matchup: armies of two editions stop combat-calc and refcard-render, naming both, unless --rules" {
	armylist-parse --rules=dba3 ../samples/dba3-lists.txt > "$BATS_TEST_TMPDIR/d3.xml"
	msg="army 'II/56' is of dba3, army 'II/27b' of dba1: choose the edition of the matchup with --rules (e.g. --rules=dba3)"
	run -2 --separate-stderr combat-calc --matchup=II/56,II/27b --odds "$BATS_TEST_TMPDIR/d3.xml" ../samples/english-lists.xml
	assert_equal "$stderr" "combat-calc: ../samples/english-lists.xml: error: $msg"
	assert_output ""
	run -2 --separate-stderr refcard-render --matchup=II/56,II/27b "$BATS_TEST_TMPDIR/d3.xml" ../samples/english-lists.xml
	assert_equal "$stderr" "refcard-render: ../samples/english-lists.xml: error: $msg"
	refute_output --partial 'data-kind="matchup"'
	# --rules chooses
	run -0 --separate-stderr combat-calc --rules=dba3 --matchup=II/56,II/27b --odds "$BATS_TEST_TMPDIR/d3.xml" ../samples/english-lists.xml
	assert_line --index 0 --partial '1: '
	run -0 --separate-stderr refcard-render --rules=dba1 --matchup=II/56,II/27b "$BATS_TEST_TMPDIR/d3.xml" ../samples/english-lists.xml
	assert_equal "$(grep -c '<th>Rules</th><td>DBA 1.x</td>' <<<"$output")" 1
}

@test "done when: the 2.2 lists parsed under BELLIS_RULES=dba22 give 2.2's Cv vs Ps and a matchup card that says DBA 2.2" {
	BELLIS_RULES=dba22 armylist-parse corpus/dba22-lists.txt > "$BATS_TEST_TMPDIR/c.xml" 2>/dev/null || true
	run -0 --separate-stderr combat-calc --matchup=II/33,II/32 --odds "$BATS_TEST_TMPDIR/c.xml"
	assert_line '   outcomes: Ps destroyed 21, Cv recoil 9, Cv destroyed 1'
	run -0 --separate-stderr refcard-render --matchup=II/33,II/32 "$BATS_TEST_TMPDIR/c.xml"
	assert_equal "$(grep -c '<th>Rules</th><td>DBA 2.2</td>' <<<"$output")" 1
}

@test "the manuals: edition-hint, rules-from, matchup-mixed-rules, the cards' edition" {
	grep -q 'edition-hint' "$TOP/man/bellis.7"
	grep -q 'matchup-mixed-rules' "$TOP/man/bellis.7"
	grep -q 'rules-from' "$TOP/man/armylist.5"
	grep -q 'rules-from' "$TOP/man/armylist-parse.1"
	grep -q 'Cm title' "$TOP/man/dba-rules.5"
	grep -q 'names its edition' "$TOP/man/refcard-render.1"
}
