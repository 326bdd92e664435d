#!/usr/bin/env bats
# Rules editions: dba1 and dba22 side by side (every figure 2.2 changes
# and every outcome row), provenance (--explain), the
# completeness check of a rules table, the 2.2 corpus.
load helpers/common

F=fixtures/rules

# totals ED < "LINE|...|COL" rows: "LINE ED TOTAL" for each row, TOTAL
# the TSV column COL (4: side 1, 6: side 2) of LINE judged alone with
# the rules ED (one combat-calc over a file per row: each_case)
totals() {
	local t=$BATS_TEST_TMPDIR/totals.$1 st=0
	cat > "$t"
	cut -d '|' -f 1 "$t" | each_case "$t.d" combat-calc --rules="$1" \
	    > "$t.out" || st=$?
	awk -F '|' -v ed="$1" 'NR == FNR { col[FNR] = $NF; next }
	    { split($0, f, "\t"); print f[1] " " ed " " f[col[FNR] + 1] }' \
	    "$t" "$t.out"
	return "$st"
}

@test "editions: both tables are valid" {
	validate rules.rng "$TOP/formats/dba1.xml"
	validate rules.rng "$TOP/formats/dba22.xml"
}

@test "editions: the 2.2 combat factors beside 1.x (<factors>)" {
	# LINE|dba1 total|dba22 total|column
	cat > "$BATS_TEST_TMPDIR/both" <<-'EOT'
	WWg vs Bd|4|3|4
	WWg vs Kn|5|4|4
	Cm vs Bd|3|2|4
	Cm vs Kn|4|4|4
	Art vs Bd|4|2|4
	Art vs Kn|4|2|4
	Art shoots Bd|4|4|4
	Bw shoots Art|4|4|6
	CF vs Bd|1|1|4
	Wb difficult vs Bd|1|3|4
	Ax difficult vs Bd|3|3|4
	Bd bua vs Wb|5|8|4
	Pk support vs Kn|7|7|4
	Pk support vs LH|7|4|4
	Sp support vs Sp|5|5|4
	Sp support vs Bd|5|4|4
	Sp support vs Sp difficult|5|4|4
	EOT
	# LINE|dba22 total|column: troops that dba1 does not know
	cat > "$BATS_TEST_TMPDIR/22" <<-'EOT'
	Hd vs Bd|3|4
	Hd vs Kn|2|4
	Lit vs Bd|3|4
	Lit vs Kn|4|4
	Ax psiloi vs Kn|3|4
	Ax psiloi vs Bd|3|4
	Wb support vs Bd|4|4
	EOT
	local both=$BATS_TEST_TMPDIR/both only=$BATS_TEST_TMPDIR/22
	run -0 --separate-stderr totals dba1 < "$both"
	assert_equal "$stderr" ""
	diff -u --label want --label combat-calc \
	    <(awk -F '|' '{ print $1 " dba1 " $2 }' "$both") - <<<"$output"
	run -0 --separate-stderr totals dba22 < <(cat "$both" "$only")
	assert_equal "$stderr" ""
	diff -u --label want --label combat-calc \
	    <(awk -F '|' '{ print $1 " dba22 " $(NF - 1) }' "$both" "$only") - <<<"$output"
	assert_equal "${#lines[@]}" 24
}

@test "editions: every outcome row of dba22, and dba1 beside each changed one" {
	local ed
	for ed in dba1 dba22; do
		# one combat-calc over a file per row (each_case): LINE, result
		# and outcome (TSV columns 9 and 10)
		run -0 --separate-stderr each_case "$BATS_TEST_TMPDIR/$ed" \
		    combat-calc --rules=$ed < <(awk -F '\t' -v ed=$ed '$1 == ed { print $2 }' $F/outcomes.tsv)
		assert_equal "$stderr" ""
		diff -u --label "$ed: $F/outcomes.tsv" --label "$ed: combat-calc" \
		    <(awk -F '\t' -v OFS='\t' -v ed=$ed '$1 == ed { print $2, $3, $4 == "-" ? "" : $4 }' $F/outcomes.tsv) \
		    <(cut -f 1,10,11 <<<"$output")
	done
	[ "$(grep -c '^dba' $F/outcomes.tsv)" -ge 100 ]
}

@test "editions: the 2.2 moves and PIP surcharges beside 1.x (<movement>, <pips>)" {
	local ed t=$BATS_TEST_TMPDIR/moves
	# EDITION|LINE|max|cost|verdict
	cat > "$t" <<-'EOT'
	dba1|move Bw 250|300|1|ok
	dba22|move Bw 250|200|1|illegal
	dba1|move Cm 400|300|1|illegal
	dba22|move Cm 400|400|1|ok
	dba1|move Art 400 road|300|1|illegal
	dba22|move Art 400 road|400|2|ok
	dba1|move WWg 400 road|300|1|illegal
	dba22|move WWg 400 road|400|2|ok
	dba22|move Hd 200|200|2|ok
	dba22|move Lit 200|200|1|ok
	dba22|move Lit 100 difficult|200|1|illegal
	dba22|move El 300|300|2|ok
	dba1|move El 300|300|2|ok
	EOT
	for ed in dba1 dba22; do
		# one move-check over a file per move (each_case): each its own
		# bound; max, cost and verdict are TSV columns 5 to 7; exit 1:
		# both editions have an illegal move
		run -1 --separate-stderr each_case "$t.$ed" move-check --rules=$ed \
		    < <(awk -F '|' -v ed=$ed '$1 == ed { print $2 }' "$t")
		assert_equal "$stderr" ""
		diff -u --label "$ed: the table" --label "$ed: move-check" \
		    <(awk -F '|' -v OFS='\t' -v ed=$ed '$1 == ed { print $2, $3, $4, $5 }' "$t") \
		    <(cut -f 1,6-8 <<<"$output")
	done
}

@test "completeness: a table without a troop's row names the troop and the table" {
	sed '/<move troop="Hd"/d; /<loser troop="Lit"/,/<\/loser>/d' "$TOP/formats/dba22.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -2 --separate-stderr combat-calc --rules="$BATS_TEST_TMPDIR/r.xml" /dev/null
	assert_output ''
	assert_equal "$stderr" "combat-calc: $BATS_TEST_TMPDIR/r.xml: error: troop type 'Hd' has no row in the movement table (troop set dba22)
combat-calc: $BATS_TEST_TMPDIR/r.xml: error: troop type 'Lit' has no row in the outcomes table (troop set dba22)"
	sed 's|<troop code="Cv" vs-foot="3" vs-mounted="3"/>||' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/f.xml"
	run -2 --separate-stderr move-check --rules="$BATS_TEST_TMPDIR/f.xml" /dev/null
	assert_equal "$stderr" "move-check: $BATS_TEST_TMPDIR/f.xml: error: troop type 'Cv' has no row in the factors table (troop set dba1)"
	sed 's/edition="dba1"/edition="club"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/c.xml"
	run -2 --separate-stderr armylist-check --rules="$BATS_TEST_TMPDIR/c.xml" /dev/null
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/c.xml: error: no troop type has the troop set 'club' (troops.xml editions; set troops=)"
	sed 's/edition="dba1"/edition="club" troops="dba1"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/c.xml"
	run -0 bash -c "echo 'Bd vs Sp' | combat-calc --rules='$BATS_TEST_TMPDIR/c.xml'"
	assert_output '1: Bd 5 = 5  vs  Sp 4 = 4'
	sed 's/<loser troop="SCh" beaten="destroyed" doubled="destroyed" equal="none"/<loser troop="SCh" beaten="destroyed" doubled="destroyed" equal="destroyed"/' "$TOP/formats/dba22.xml" > "$BATS_TEST_TMPDIR/e.xml"
	run -2 --separate-stderr combat-calc --rules="$BATS_TEST_TMPDIR/e.xml" /dev/null
	[[ $stderr == *"equal-total outcome other than none (not supported) for 'destroyed'"* ]]
}

# field: a general, an element 1000 paces from it, an enemy 240 paces
# in front of that one, into $BATS_TEST_TMPDIR/f.xml
field() {
	cat > "$BATS_TEST_TMPDIR/f.xml" <<-'EOT'
	<battlefield version="1" width="2400" height="2400">
	<side name="red" pips="4">
	<element id="g" troop="Bd" x="1200" y="200" facing="0" general="yes"/>
	<element id="r1" troop="Bd" x="1200" y="1260" facing="0"/>
	</side>
	<side name="blue">
	<element id="b1" troop="Wb" x="1200" y="1500" facing="180" general="yes"/>
	</side>
	</battlefield>
	EOT
}

@test "completeness: blanks round a rules file's troop codes and units, tokens in rules.rng, are not part of them" {
	# before: "unknown troop code ' Sp '" of a <side troop=" Sp ">
	sed 's/ troop="\([A-Za-z]*\)"/ troop=" \1 "/g; s/unit="\(bw\|mm\)"/unit=" \1 "/' "$TOP/formats/dba3.xml" > "$BATS_TEST_TMPDIR/b.xml"
	run -0 xmllint --noout --relaxng "$TOP/formats/rules.rng" "$BATS_TEST_TMPDIR/b.xml"
	local outs=()
	for r in "$TOP/formats/dba3.xml" "$BATS_TEST_TMPDIR/b.xml"; do
		run -0 --separate-stderr bash -c "printf 'Sp vs Wb\nBd vs Kn\nBw vs Cv\n' | combat-calc --rules='$r' && printf 'move Bd 2\nmove LH 4\n' | move-check --rules='$r'"
		assert_equal "$stderr" ""
		outs+=("$output")
	done
	assert_equal "${outs[1]}" "${outs[0]}"
}

@test "battle-scan: the command distance comes from the rules table" {
	field
	printf 'move r1 fwd 10\n' > "$BATS_TEST_TMPDIR/p"
	sed 's/far="1200"/far="1000"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	for ed in dba1 dba22; do
		run -0 battle-scan --rules=$ed -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/f.xml"
		assert_line 'move Bd 10 id=r1'
		run -0 battle-scan --rules=$ed -T xml "$BATS_TEST_TMPDIR/f.xml"
		assert_line --partial '<element id="r1" side="red" troop="Bd" x="1200" y="1260" facing="0" width="160" depth="60" going="good" level="0" river="no" road="no" camp="no" general="no" general-distance="1000" far="no" hidden="no"/>'
	done
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/r.xml" -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/f.xml"
	assert_line 'move Bd 10 id=r1 far'
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/r.xml" "$BATS_TEST_TMPDIR/f.xml"
	assert_line '  r1     Bd  1200,1260 facing 0: good, level 0; general 1000 p, far'
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/r.xml" -T xml "$BATS_TEST_TMPDIR/f.xml"
	assert_line --partial 'general-distance="1000" far="yes" hidden="no"/>'
}

@test "battle-scan: at exactly 1200 and 600 paces: far and hidden in dba1 (or more), not in dba22 (more than)" {
	# r1 1200 paces from the general, r2 600 paces behind a wood
	cat > "$BATS_TEST_TMPDIR/d.xml" <<-'EOT'
	<battlefield version="1" width="2400" height="2400">
	<feature kind="wood" going="difficult" sight="blocks"><point x="200" y="400"/><point x="700" y="400"/><point x="700" y="600"/><point x="200" y="600"/></feature>
	<side name="red" pips="4">
	<element id="g" troop="Bd" x="400" y="200" facing="0" general="yes"/>
	<element id="r1" troop="Bd" x="1760" y="200" facing="0"/>
	<element id="r2" troop="Bd" x="400" y="860" facing="0"/>
	</side>
	</battlefield>
	EOT
	printf 'move r1 fwd 10\nmove r2 fwd 10\n' > "$BATS_TEST_TMPDIR/p"
	run -0 battle-scan --rules=dba1 -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/d.xml"
	assert_line 'move Bd 10 id=r1 far'
	assert_line 'move Bd 10 id=r2 hidden'
	run -0 battle-scan --rules=dba1 "$BATS_TEST_TMPDIR/d.xml"
	assert_line '  r1     Bd  1760,200 facing 0: good, level 0; general 1200 p, far'
	run -0 battle-scan --rules=dba22 -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/d.xml"
	assert_line 'move Bd 10 id=r1'
	assert_line 'move Bd 10 id=r2'
	run -0 battle-scan --rules=dba22 -T xml "$BATS_TEST_TMPDIR/d.xml"
	assert_line --partial 'general-distance="1200" far="no" hidden="no"/>'
	assert_line --partial 'general-distance="600" far="no" hidden="no"/>'
	run -0 battle-scan --rules=dba22 -T json "$BATS_TEST_TMPDIR/d.xml"
	assert_output --partial '"general_distance":1200,"far":false,"hidden":false'
	# a pace more is far and hidden in both
	sed 's/x="1760"/x="1761"/; s/y="860"/y="861"/' "$BATS_TEST_TMPDIR/d.xml" > "$BATS_TEST_TMPDIR/d1.xml"
	for ed in dba1 dba22; do
		run -0 battle-scan --rules=$ed -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/d1.xml"
		assert_line 'move Bd 10 id=r1 far'
		assert_line 'move Bd 10 id=r2 hidden'
	done
	# the comparison is the table's: dba1 with more-than, dba22 with at-least
	sed 's/compare="at-least"/compare="more-than"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/m.xml"
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/m.xml" -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/d.xml"
	assert_line 'move Bd 10 id=r1'
	assert_line 'move Bd 10 id=r2'
	sed 's/compare="more-than"/compare="at-least"/' "$TOP/formats/dba22.xml" > "$BATS_TEST_TMPDIR/a.xml"
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/a.xml" -T moves --plan="$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/d.xml"
	assert_line 'move Bd 10 id=r1 far'
	assert_line 'move Bd 10 id=r2 hidden'
	# a table without the comparison is refused
	sed 's/ compare="at-least"//' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/n.xml"
	run -2 battle-scan --rules="$BATS_TEST_TMPDIR/n.xml" "$BATS_TEST_TMPDIR/d.xml"
}

@test "combat-calc: a rules table's limit on overlaps and flank contacts is kept" {
	# none in dba1 and dba22: tests/regress/combat-calc/overlap-flank-*
	sed 's|<count flag="overlap"|<limit name="overlap-and-flank" value="2"/><count flag="overlap"|' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/l.xml"
	run -2 --separate-stderr combat-calc --rules="$BATS_TEST_TMPDIR/l.xml" <<<'El overlap flank=2 vs Bd'
	assert_equal "$stderr" "combat-calc: -:1:12: error: overlaps and flank contacts above 2"
}

@test "battle-scan: base width, base depth and zone of control come from the rules table" {
	field
	run -0 battle-scan "$BATS_TEST_TMPDIR/f.xml"
	assert_line '  r1     Bd  1200,1260 facing 0: good, level 0; general 1000 p'
	# zones of control two base widths deep: r1 and b1 stand in each other's
	sed 's/<zone-of-control base-widths="1"/<zone-of-control base-widths="2"/' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/z.xml"
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/z.xml" "$BATS_TEST_TMPDIR/f.xml"
	assert_line '  r1     Bd  1200,1260 facing 0: good, level 0; zone of control of b1; general 1000 p'
	assert_line '  b1     Wb  1200,1500 facing 180: good, level 0, general; zone of control of r1'
	# Bd 100 paces deep, bases 50 mm (200 paces) wide
	sed 's/<base troop="Bd" depth="60"/<base troop="Bd" depth="100"/; s/base-width="40"/base-width="50"/' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/b.xml"
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/b.xml" -T xml "$BATS_TEST_TMPDIR/f.xml"
	assert_line --partial '<element id="r1" side="red" troop="Bd" x="1200" y="1260" facing="0" width="200" depth="100" '
	assert_line --partial '<element id="b1" side="blue" troop="Wb" x="1200" y="1500" facing="180" width="200" depth="60" '
	assert_line --partial 'general-distance="960" far="no"'
	# the ZOC is one base width of 200 paces: 40 paces short of r1
	run -0 battle-scan --rules="$BATS_TEST_TMPDIR/b.xml" "$BATS_TEST_TMPDIR/f.xml"
	assert_line '  r1     Bd  1200,1260 facing 0: good, level 0; general 960 p'
}

@test "completeness: a table without a troop's base row names the troop and the bases table" {
	sed '/<base troop="Hd"/d' "$TOP/formats/dba22.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -2 --separate-stderr battle-scan --rules="$BATS_TEST_TMPDIR/r.xml" /dev/null
	assert_output ''
	assert_equal "$stderr" "battle-scan: $BATS_TEST_TMPDIR/r.xml: error: troop type 'Hd' has no row in the bases table (troop set dba22)"
	sed '/<bases /,/<\/bases>/d' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/n.xml"
	run -2 --separate-stderr battle-scan --rules="$BATS_TEST_TMPDIR/n.xml" /dev/null
	[[ $stderr == *"not a valid rules table"* ]]
}

@test "corpus: armylist-check --rules=dba22 finds no unknown troop in the 590 2.2 lists" {
	armylist-parse "$CORPUS/dba22-lists.txt" > "$BATS_TEST_TMPDIR/c.xml" 2>/dev/null || true
	run -1 armylist-check --rules=dba22 "$BATS_TEST_TMPDIR/c.xml"
	refute_output --partial unknown-troop
	assert_line --partial '[element-total]'    # the check ran
	run -1 armylist-check --rules=dba1 "$BATS_TEST_TMPDIR/c.xml"
	assert_line --partial "army I/1d: troop type 'Hd' not in dba1 (in dba22, dba3) [unknown-troop]"
}

# ---- --rules on every tool; armylist-parse labels, armylist-check reads the label

@test "--rules: every tool's help names the editions" {
	for t in armylist-parse armylist-check combat-calc move-check refcard-render battle-scan; do
		run -0 "$t" --help
		assert_output --partial '[--rules=dba1|dba22|dba3|FILE]'
		# each edition with what it is, and the default, over lines
		flat=$(tr -s ' \n' '  ' <<<"$output")
		[[ $flat == *"--rules=NAME rules edition: dba1 (DBA 1.x, German text), dba22 (2.2), dba3 (3.0), or a rules XML FILE (default: the input's label, else BELLIS_RULES, else dba1)"* ]]
		run -0 grep -c '^\.Op Fl \\\?-rules Ns = Ns Ar dba1 | dba22 | dba3 | file$' "$TOP/man/$t.1"
		run -0 grep -c '^\.It Fl \\\?-rules Ns = Ns Ar dba1 | dba22 | dba3 | file$' "$TOP/man/$t.1"
	done
}

@test "armylist-parse --rules: the XML validates, a rules file's edition, TSV has no label" {
	run -0 armylist-parse --rules=dba22 "$F/hordes.txt"
	validate armylist.rng <(printf '%s\n' "$output")
	# a rules file: the edition it declares
	sed 's/edition="dba1"/edition="club" troops="dba1"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/club.xml"
	run -0 --separate-stderr armylist-parse --rules="$BATS_TEST_TMPDIR/club.xml" "$F/hordes.txt"
	assert_line --index 1 '<armylists version="1" rules="club" rules-from="option">'
	# TSV and text have no label
	run -0 armylist-parse --rules=dba22 -T tsv "$F/hordes.txt"
	assert_equal "$output" "$(armylist-parse -T tsv "$F/hordes.txt")"
}

@test "armylist-parse --rules: a bad or missing rules file" {
	printf '<rules/>\n' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr armylist-parse --rules="$BATS_TEST_TMPDIR/bad.xml" "$F/hordes.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-parse: $BATS_TEST_TMPDIR/bad.xml:1: error: an attribute of <rules> is not valid
armylist-parse: $BATS_TEST_TMPDIR/bad.xml:1: error: <rules> lacks an element it must hold
armylist-parse: $BATS_TEST_TMPDIR/bad.xml: error: not a valid rules table"
	run -4 --separate-stderr armylist-parse --rules=./none.xml -o "$BATS_TEST_TMPDIR/out.xml" "$F/hordes.txt"
	assert_output ''
	assert_equal "$stderr" "armylist-parse: cannot open './none.xml': No such file or directory"
	[ ! -e "$BATS_TEST_TMPDIR/out.xml" ]
}

@test "armylist-check: each file against its own rules= label, unless --rules" {
	armylist-parse --rules=dba22 "$F/hordes.txt" > "$BATS_TEST_TMPDIR/22.xml"
	armylist-parse "$F/hordes.txt" > "$BATS_TEST_TMPDIR/1.xml" 2>/dev/null
	run -0 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/22.xml"
	assert_output ''
	assert_equal "$stderr" ''
	run -1 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/1.xml"
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/1.xml:3: warning: troop types not in dba1 but in other editions: Hd, Lit (dba22, dba3); choose one with --rules=dba22 or BELLIS_RULES=dba22
armylist-check: 2 armies: 2 errors, 0 warnings"
	assert_output "$F/hordes.txt:3: error: army I/1b: troop type 'Hd' not in dba1 (in dba22, dba3) [unknown-troop]
$F/hordes.txt:9: error: army I/9: troop type 'Lit' not in dba1 (in dba22, dba3) [unknown-troop]"
	# --rules wins over the label
	run -1 --separate-stderr armylist-check --rules=dba1 "$BATS_TEST_TMPDIR/22.xml"
	assert_line --index 0 "$F/hordes.txt:3: error: army I/1b: troop type 'Hd' not in dba1 (in dba22, dba3) [unknown-troop]"
	run -0 armylist-check --rules=dba22 "$BATS_TEST_TMPDIR/1.xml"
	# two files, two labels: the 2.2 file passes, the 1.x one does not
	run -1 armylist-check "$BATS_TEST_TMPDIR/22.xml" "$BATS_TEST_TMPDIR/1.xml"
	assert_line --partial "duplicate-id"
	refute_line --partial "$BATS_TEST_TMPDIR/22.xml"
	# an old file without a label: dba1
	sed 's/ rules="dba1"//' "$BATS_TEST_TMPDIR/1.xml" > "$BATS_TEST_TMPDIR/old.xml"
	run -1 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/old.xml"
	assert_line --index 0 "$F/hordes.txt:3: error: army I/1b: troop type 'Hd' not in dba1 (in dba22, dba3) [unknown-troop]"
}

@test "armylist-check: a label naming no edition is armylist-unknown-rules" {
	armylist-parse --rules=dba22 "$F/hordes.txt" | sed 's/rules="dba22"/rules="dba9"/' > "$BATS_TEST_TMPDIR/9.xml"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/9.xml"
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/9.xml:2: error: collection labelled rules='dba9', not a rules edition (dba1, dba22, dba3, or give --rules=FILE)"
	# its armies are not checked: the label error only
	assert_output ''
	# their ids still answer the references of another file
	armylist-parse --rules=dba22 "$F/hordes.txt" | sed 's/id="I\/1b"/id="I\/7"/; s/id="I\/9"/id="I\/8"/' > "$BATS_TEST_TMPDIR/ref.xml"
	run -0 armylist-check "$BATS_TEST_TMPDIR/ref.xml"
	assert_line "$F/hordes.txt:3: warning: army I/7: enemy 'I/1b' names no army in the input [unknown-reference]"
	run -2 --separate-stderr armylist-check "$BATS_TEST_TMPDIR/9.xml" "$BATS_TEST_TMPDIR/ref.xml"
	assert_output ''
	assert_equal "$stderr" "armylist-check: $BATS_TEST_TMPDIR/9.xml:2: error: collection labelled rules='dba9', not a rules edition (dba1, dba22, dba3, or give --rules=FILE)"
	# --rules: the label is not read
	run -0 --separate-stderr armylist-check --rules=dba22 "$BATS_TEST_TMPDIR/9.xml"
	assert_equal "$stderr" ''
	run -0 grep -c '^\.It Sy armylist-unknown-rules Pq error$' "$TOP/man/armylist-check.1"
}

@test "armylist-parse(1) example: label the English lists as 2.2 and check them" {
	cd "$TOP"
	run -0 --separate-stderr bash -c 'armylist-parse --rules=dba22 samples/english-lists.txt | armylist-check'
	assert_equal "$stderr" 'armylist-check: 6 armies: 0 errors, 20 warnings'
	golden rules-parse-example.txt
}

# ---- move-check --explain

@test "move-check --explain: dba1 (a file without Hordes); the same verdicts as without it; other formats ignore it" {
	grep -v Hd "$F/moves.txt" > "$BATS_TEST_TMPDIR/m1.txt"
	run -1 --separate-stderr move-check --explain "$BATS_TEST_TMPDIR/m1.txt"
	assert_equal "$stderr" ''
	golden rules-move-explain-dba1.txt
	# the same verdicts as without it; other formats ignore it
	run -1 move-check --rules=dba22 "$F/moves.txt"
	assert_equal "$output" "$(move-check --rules=dba22 --explain "$F/moves.txt" | grep -v '^   ')"
	for f in xml tsv json; do
		run -1 move-check --rules=dba22 --explain -T $f "$F/moves.txt"
		assert_equal "$output" "$(move-check --rules=dba22 -T $f "$F/moves.txt")"
	done
	run -0 move-check --help
	assert_line --regexp '^ +--explain +text: the source and confidence of each figure used$'
}

@test "combat-calc and move-check --explain print provenance alike (one function)" {
	run -0 bash -c "grep -c 'rules_explain(' '$TOP/lib/dba/combatout.c' '$TOP/lib/dba/moveout.c'"
	refute_output --partial ':0'
	run -1 grep -n 'explain_line' "$TOP/lib/dba/combatout.c"
}

# ---- rules cards: signs and footnotes of figures not confirmed by two sources

@test "refcard-render: joined exceptions say 'by' once, again after one of the loser's own (ru: 'кем:')" {
	# Kn of dba1 beaten by El, LH; in bad going; by SCh: one clause
	awk '/winner="SCh" outcome="destroyed" source="reconstructed"/ {
		print "      <except result=\"beaten\" loser-going=\"difficult\" outcome=\"destroyed\" source=\"verified\"/>"
		sub(/reconstructed/, "verified") } { print }' \
	    "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	run -0 --separate-stderr refcard-render --rules="$BATS_TEST_TMPDIR/r.xml" --cards=rules --lang=ru
	assert_line '<tr><td>Ры</td><td>отбит кем: ЛК, Сл или сам в трудной местности или кем: СК: уничтожен</td></tr>'
	run -0 --separate-stderr refcard-render --rules="$BATS_TEST_TMPDIR/r.xml" --cards=rules --lang=en
	assert_line '<tr><td>Kn</td><td>beaten by LH, El or itself in difficult going or by SCh: destroyed</td></tr>'
	run -0 --separate-stderr refcard-render --rules="$BATS_TEST_TMPDIR/r.xml" --cards=rules --lang=de
	assert_line '<tr><td>Ri</td><td>geschlagen durch LR, El oder selbst in schw. Gelände oder durch SiS: vernichtet</td></tr>'
}

@test "refcard-render: dba1 has no confidence tags: no sign, no footnote" {
	# the marks of dba22: tests/regress/refcard-render/rules-dba22-*
	run -0 refcard-render --lang=en --cards=rules
	refute_output --partial 'unconfirmed'
	refute_output --partial '‡'
}

# ---- make demo

@test "make demo shows one 2.2 matchup with its provenance (tests/regress/combat-calc/demo-dba22)" {
	run -0 grep -F "echo '7Hd vs 4Bd' | combat-calc --rules=dba22 --odds --explain" "$TOP/samples/demo.sh"
}

@test "the manuals describe editions and provenance" {
	for p in bellis.7 dba-rules.5 armylist.5 armylist-parse.1 armylist-check.1; do
		run -0 grep -c 'dba22' "$TOP/man/$p"
	done
	for p in bellis.7 dba-rules.5 refcard-render.1; do
		run -0 grep -c '\\(dd' "$TOP/man/$p"
	done
	run -0 grep -c 'move-check 1' "$TOP/man/dba-rules.5"
	run -0 mandoc -T lint -W warning "$TOP/man/bellis.7" "$TOP/man/dba-rules.5" "$TOP/man/armylist.5"
	assert_output ''
}

@test "dba22: every source tag the rows name has its full title in <sources> of the table and in dba-rules(5)" {
	local f="$TOP/formats/dba22.xml" t missing=
	tags=$(xmllint --xpath '//@source' "$f" | sed 's/ source="/\n/g; s/"//g' |
	    tr ' /' '\n\n' | grep -v -e '^(' -e ')$' -e '^$' | sort -u)
	[ -n "$tags" ]
	for t in $tags; do
		[ -n "$(xmllint --xpath "string(//sources/source[@tag='$t']/@title)" "$f")" ] || missing+="$t "
		grep -qF ".It \\&$t" "$TOP/man/dba-rules.5" || missing+="man:$t "
	done
	assert_equal "$missing" ""
	assert_equal "$(xmllint --xpath 'string(//sources/source[@tag="Q1"]/@title)' "$f")" '"DBA 2.2 Quick Reference Sheet" (scribd 156803994): deployment, PIPs, terrain, combat factors'
}

# same_env TOOL ARG...: TOOL ARG... with BELLIS_RULES=dba22 and no
# --rules gives what --rules=dba22 gives, and not what the default gives
# (stdin: $IN)
same_env() {
	local want got dflt
	want=$("$@" --rules=dba22 <<<"$IN" 2>&1; echo "status $?")
	got=$(BELLIS_RULES=dba22 "$@" <<<"$IN" 2>&1; echo "status $?")
	dflt=$("$@" <<<"$IN" 2>&1; echo "status $?")
	[ "$got" = "$want" ] || { echo "$1: BELLIS_RULES=dba22 is not --rules=dba22:"; diff <(echo "$want") <(echo "$got"); return 1; }
	[ "$got" != "$dflt" ] || { echo "$1: BELLIS_RULES=dba22 gives the default's answer"; return 1; }
}

@test "BELLIS_RULES: without --rules and a label, the club's edition, in every tool that takes --rules" {
	IN='7Hd vs 4Bd' same_env combat-calc --odds
	IN='move Kn 300 rough' same_env move-check
	IN= same_env refcard-render --cards=rules
	IN= same_env armylist-check -T tsv ../samples/club-submissions.txt
	sed 's/ rules="dba1"//' ../samples/battle-line.xml > "$BATS_TEST_TMPDIR/b.xml"
	IN= same_env battle-scan "$BATS_TEST_TMPDIR/b.xml"
	# armylist-parse labels the collection with it
	BELLIS_RULES=dba22 run -0 armylist-parse ../samples/english-lists.txt
	assert_line --index 1 '<armylists version="1" rules="dba22" rules-from="environment">'
	BELLIS_RULES=dba3 run -0 armylist-parse -T json ../samples/english-lists.txt
	[[ $output == '{"version":1,"rules":"dba3",'* ]]
}

@test "BELLIS_RULES: --rules wins over it, and so does the data's label" {
	# the option
	run -0 armylist-parse --rules=dba3 ../samples/english-lists.txt
	want=$output
	BELLIS_RULES=dba22 run -0 armylist-parse --rules=dba3 ../samples/english-lists.txt
	assert_equal "$output" "$want"
	run -0 --separate-stderr bash -c "echo '7Hd vs 4Bd' | combat-calc --rules=dba3 --odds"
	want=$output
	BELLIS_RULES=dba22 run -0 --separate-stderr bash -c "echo '7Hd vs 4Bd' | combat-calc --rules=dba3 --odds"
	assert_equal "$output" "$want"
	# the label: a collection labelled dba1 stays dba1, in parse, check,
	# cards and the matchup; a battlefield labelled dba1 too
	for c in "armylist-parse ../samples/english-lists.xml" \
	    "armylist-check -T tsv ../samples/english-lists.xml" \
	    "refcard-render --army=I/1a ../samples/english-lists.xml" \
	    "combat-calc --matchup=II/27b,II/37 --odds ../samples/english-lists.xml" \
	    "battle-scan ../samples/battle-line.xml"; do
		run bash -c "$c"
		want="$status $output"
		BELLIS_RULES=dba3 run bash -c "$c"
		assert_equal "$status $output" "$want"
	done
}

@test "BELLIS_RULES: a name that is no edition is a usage error that names the variable" {
	BELLIS_RULES=dba2 run -3 --separate-stderr combat-calc --odds /dev/null
	assert_equal "${stderr%%$'\n'*}" "combat-calc: unknown rules edition 'dba2' in BELLIS_RULES (dba1, dba22, dba3, or a rules XML file)"
	# an empty one is none; --rules does not read it
	BELLIS_RULES= run -0 bash -c "echo 'Kn vs Sp' | combat-calc"
	BELLIS_RULES=dba2 run -0 bash -c "echo 'Kn vs Sp' | combat-calc --rules=dba1"
	# a rules table file
	BELLIS_RULES=../formats/dba22.xml run -0 bash -c "echo '7Hd vs 4Bd' | combat-calc --odds"
	assert_line --partial 'Hd'
}

@test "BELLIS_RULES=dba22 at parse time: the 2.2 lists' matchup is 2.2's later, with no option (Cv vs Ps)" {
	BELLIS_RULES=dba22 armylist-parse corpus/dba22-lists.txt > "$BATS_TEST_TMPDIR/c.xml" 2>/dev/null || true
	run -0 --separate-stderr combat-calc --matchup=II/33,II/32 --odds "$BATS_TEST_TMPDIR/c.xml"
	assert_line '6: Cv 3 = 3  vs  Ps 2 = 2'
	assert_line '   outcomes: Ps destroyed 21, Cv recoil 9, Cv destroyed 1'
	# parsed without it, the lists are labelled dba1 and answer 1.x's
	armylist-parse corpus/dba22-lists.txt > "$BATS_TEST_TMPDIR/c1.xml" 2>/dev/null || true
	run -0 --separate-stderr combat-calc --matchup=II/33,II/32 --odds "$BATS_TEST_TMPDIR/c1.xml"
	assert_line '   outcomes: Ps recoil 15, Ps destroyed 6, Cv recoil 9, Cv destroyed 1'
}

# blanks: the file FILE with a blank each side of every attribute's
# value but those of KEEP (an extended regular expression of names)
blanks() {
	{ head -1 "$1"; tail -n +2 "$1" | sed -E "s/ ([a-z-]+)=\"([^\"]*)\"/ \\1=\" \\2 \"/g; s/ ($2)=\" ([^\"]*) \"/ \\1=\"\\2\"/g"; }
}

@test "editions: a rules file and the campaign tables with blanks round their values read as their schemas read them" {
	cd "$BATS_TEST_TMPDIR"
	# the tokens and numbers (" Kn ", " 2 ", unit=" bw ") collapsed;
	# notes, sources and titles as written.  Before, " Kn " was an
	# unknown troop code and unit=" bw " silently paces
	for ed in dba1 dba22 dba3; do
		blanks "$TOP/formats/$ed.xml" 'note|other|source|title' > r.xml
		validate rules.rng r.xml
		st=0
		want=$(move-check --rules="$TOP/formats/$ed.xml" "$SAMPLES/bound.txt" 2>&1) || st=$?
		run -"$st" move-check --rules=r.xml "$SAMPLES/bound.txt"
		assert_equal "$output" "$want"
		run combat-calc --rules=r.xml "$SAMPLES/combats.txt"
		assert_equal "$output" "$(combat-calc --rules="$TOP/formats/$ed.xml" "$SAMPLES/combats.txt" 2>&1)"
	done
	blanks "$TOP/formats/catastrophe.xml" '' > c.xml
	validate catastrophe-table.rng c.xml
	run -0 campaign-catastrophe -s 5 --table=c.xml "$SAMPLES/battle.txt"
	assert_equal "$output" "$(campaign-catastrophe -s 5 "$SAMPLES/battle.txt")"
	blanks "$SAMPLES/glory.xml" '' > g.xml
	validate glory-table.rng g.xml
	run -0 campaign-survival -s 3 --glory-table=g.xml "$SAMPLES/party.txt"
	assert_equal "$output" "$(campaign-survival -s 3 --glory-table="$SAMPLES/glory.xml" "$SAMPLES/party.txt")"
}
