#!/usr/bin/env bats
# campaign-survival: Battle skill, Risk, Survival and Glory (campaign-survival(1)).
load helpers/common

F=survival

col() {         # col N: column N of the TSV data rows
	printf '%s\n' "$output" | awk -F '\t' -v c="$1" 'NR > 1 { print $c }' | tr '\n' ' '
}

@test "survival: every result row, XML validates" {
	run -0 campaign-survival -s 1 -T xml fixtures/$F/party.txt
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate survival.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "survival: JSON of every result row (jq), JSONL one object a pc and the same records" {
	run -0 campaign-survival -s 1 -T json fixtures/$F/party.txt
	printf '%s\n' "$output" | jq -e '.seed == "1" and (.pcs | length) == 9 and .pcs[8]["strategy-as-catastrophe"] == true and .pcs[3]["ht-after"] == 8'
	doc=$output
	run -0 campaign-survival -s 1 -T jsonl fixtures/$F/party.txt
	jsonl 9
	want=$output
	output=$doc
	json_doc pcs "$want"
}

@test "survival: -T tsv has a file column exactly with several files; jsonl reports a drawn seed" {
	printf 'pc A tactics=12 weapon=12 roll=9 glory-roll=8\n' > "$BATS_TEST_TMPDIR/a.txt"
	printf 'pc B tactics=10 weapon=10 roll=18 glory-roll=8\n' > "$BATS_TEST_TMPDIR/b.txt"
	cd "$BATS_TEST_TMPDIR"
	run -0 campaign-survival -s 1 -T tsv a.txt b.txt
	assert_equal "$(printf '%s\n' "$output" | cut -f 1-9)" "$(printf '%s\n' 'file	line	name	battle	effective	rolls	margin	critical	result' \
	    'a.txt	1	A	12	12	9	3	no	hit1' \
	    'b.txt	1	B	10	10	18	-8	failure	D')"
	run -0 campaign-survival -s 1 -T tsv a.txt
	assert_equal "$(printf '%s\n' "$output" | cut -f 1-8)" "$(printf '%s\n' 'line	name	battle	effective	rolls	margin	critical	result' \
	    '1	A	12	12	9	3	no	hit1')"
	run -0 --separate-stderr campaign-survival -T jsonl a.txt b.txt
	jsonl 2
	assert_line --index 1 --partial '{"name":"B","file":"b.txt","line":1,"battle":10,"effective":10,"rolls":[18],'
	[[ "$stderr" =~ ^campaign-survival:\ seed:\ [0-9]+$ ]]
	run -0 --separate-stderr campaign-survival -T json a.txt b.txt
	assert_equal "$stderr" ''
	assert_output --regexp '^\{"version":1,"seed":"[0-9]+","pcs":\[\{"name":"A",'
	run -0 campaign-survival -s 1 -T jsonl a.txt b.txt
	want=$output
	run -0 campaign-survival -s 1 -T json a.txt b.txt
	json_doc pcs "$want"
}

@test "survival: TL damage columns: hits, dice, DR per hit" {
	# column D at TL 16 with DR 19: 3 hits of 32d, DR/10 = 1
	run -0 campaign-survival -s 1 -T xml <<< 'pc A tactics=10 weapon=10 tl=16 dr=19 roll=18'
	[[ $(grep -c '<hit ' <<< "$output") == 3 ]]
	for h in $(grep -o 'damage="[0-9]*" rolled="[0-9]*"' <<< "$output" | tr -dc '0-9 \n' | tr ' ' ':'); do
		d=${h%%:*} r=${h##*:}
		(( d == r - 1 && r >= 32 && r <= 192 ))
	done
	# column A at TL 3 with DR 9: 1d+2 - 9 is never above 0
	run -0 campaign-survival -s 1 -T xml <<< 'pc A tactics=10 weapon=10 dr=9 roll=11'
	assert_output --regexp '<hit damage="0" rolled="[3-8]" location="[a-z-]+" location-roll="[0-9]+"/>'
	# column B at TL 5: 2 hits of 2d
	run -0 campaign-survival -s 1 -T xml <<< 'pc A tactics=10 weapon=10 tl=5 roll=13'
	[[ $(grep -c '<hit damage="[0-9]*" rolled="\([2-9]\|1[0-2]\)"' <<< "$output") == 2 ]]
	# column C at TL 8: 2 hits of 11d; TL 12: DR/2
	run -0 campaign-survival -s 1 -T xml <<< 'pc A tactics=10 weapon=10 tl=8 roll=15'
	[[ $(grep -c '<hit damage="[0-9]*" rolled="\([1-5][0-9]\|6[0-6]\)"' <<< "$output") == 2 ]]
	run -0 campaign-survival -s 1 -T xml <<< 'pc A tactics=10 weapon=10 tl=12 dr=7 roll=11'
	h=$(grep -o 'damage="[0-9]*" rolled="[0-9]*"' <<< "$output" | tr -dc '0-9 ')
	set -- $h
	(( $1 == $2 - 3 ))
}

@test "survival: hit locations from 3d6" {
	run -0 campaign-survival -s 4 -T xml <<< 'pc A tactics=10 weapon=10 roll=18'
	while read -r loc r; do
		case $r in
		3|4) want=skull ;; 5) want=face ;; 6|7) want=right-leg ;; 8) want=right-arm ;;
		9|10) want=torso ;; 11) want=groin ;; 12) want=left-arm ;; 13|14) want=left-leg ;;
		15) want=hand ;; 16) want=foot ;; *) want=neck ;;
		esac
		assert_equal "$loc" "$want"
	done < <(grep -o 'location="[a-z-]*" location-roll="[0-9]*"' <<< "$output" | sed 's/location="\([a-z-]*\)" location-roll="\([0-9]*\)"/\1 \2/')
}

@test "survival: --glory-table: the XML validates, and the table" {
	run -0 campaign-survival -s 1 --glory-table=../samples/glory.xml -T xml <<'EOF2'
pc A tactics=12 weapon=12 glory-roll=6
pc B tactics=12 weapon=12 leader glory-roll=6
pc C tactics=12 weapon=12 commander glory-roll=6
pc D tactics=12 weapon=12 glory-roll=3
pc E tactics=12 weapon=12 glory-roll=18
pc F tactics=12 weapon=12 glory-roll=13
EOF2
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate survival.rng "$BATS_TEST_TMPDIR/o.xml"
	validate glory-table.rng ../samples/glory.xml
}

@test "survival: seeds: -s, BELLIS_SEED, a drawn seed reported and replayed" {
	run -0 campaign-survival -s 42 ../samples/party.txt
	first=$output
	BELLIS_SEED=42 run -0 campaign-survival ../samples/party.txt
	assert_equal "$output" "$first"
	run -0 campaign-survival ../samples/party.txt
	assert_line --index 0 --regexp '^seed: [0-9]+$'
	seed=${lines[0]#seed: }
	rest=$(printf '%s\n' "$output" | tail -n +2)
	run -0 campaign-survival --seed="$seed" ../samples/party.txt
	assert_equal "$output" "$rest"
	run -0 campaign-survival -T xml ../samples/party.txt
	assert_output --regexp '<survival version="1" seed="[0-9]+">'
}

@test "survival: a party split into 2 and 3 parts rolls what the whole party rolls" {
	cd "$BATS_TEST_TMPDIR"
	{ cat "$SAMPLES/party.txt"; cat "$TOP/tests/fixtures/$F/party.txt"
	  printf 'pc Conan side=Carthage tactics=12 weapon=12 ht=12\n'; } > all.txt
	run -0 --separate-stderr campaign-survival -s 4 all.txt
	whole=$output
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" "$(grep -c '^pc ' all.txt)"
	for n in 2 3; do
		rm -f part.*
		split -n "l/$n" all.txt part.
		assert_equal "$(ls part.* | wc -l)" "$n"
		run -0 bash -c 'for p in part.*; do campaign-survival -s 4 "$p"; done'
		assert_equal "$output" "$whole"
		run -0 campaign-survival -s 4 part.*
		assert_equal "$output" "$whole"
	done
	# another order, other lines: the same dice for each
	run -0 bash -c 'tac all.txt | campaign-survival -s 4'
	assert_equal "$output" "$(tac <<<"$whole")"
}

@test "survival: the key of a pc is his side and name: the same key rolls the same dice, with a warning" {
	cd "$BATS_TEST_TMPDIR"
	printf 'pc Conan tactics=12 weapon=12\npc Conan side=Rome tactics=12 weapon=12\n' > a.txt
	printf '\npc Conan tactics=12 weapon=12\n' > b.txt
	run -0 --separate-stderr campaign-survival -s 9 a.txt b.txt
	assert_equal "${#lines[@]}" 3
	assert_equal "${lines[2]}" "${lines[0]}"
	[ "${lines[1]}" != "${lines[0]}" ]
	assert_equal "$stderr" "campaign-survival: b.txt:2: warning: pc 'Conan' has the key of an earlier one: it rolls the same dice"
	printf 'pc Conan side=Rome iq=10 weapon=12\n' >> a.txt
	run -0 --separate-stderr campaign-survival -s 9 a.txt
	assert_equal "$stderr" "campaign-survival: a.txt:3: warning: pc 'Conan' of side 'Rome' has the key of an earlier one: it rolls the same dice"
	# read back: no warning, the same rolls
	run -0 --separate-stderr bash -c 'campaign-survival -s 9 -T xml a.txt b.txt 2>/dev/null | campaign-survival'
	assert_equal "$stderr" ""
	assert_equal "$output" "$(campaign-survival -s 9 a.txt b.txt 2>/dev/null)"
}

@test "survival: roll= and glory-roll= replace the generator" {
	run -0 campaign-survival -s 1 -T tsv <<< 'pc A tactics=12 weapon=12 roll=9 glory-roll=8'
	a=$(col 5)$(col 14)
	run -0 campaign-survival -s 2 -T tsv <<< 'pc A tactics=12 weapon=12 roll=9 glory-roll=8'
	assert_equal "$(col 5)$(col 14)" "$a"
	assert_equal "$a" "9 8 "
}

@test "survival: XML, in and out, validates" {
	validate survival.rng fixtures/$F/party.xml
	run -0 campaign-survival -s 1 -T xml fixtures/$F/party.xml
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate survival.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "survival: -o is atomic; /dev/full is a write error" {
	out=$BATS_TEST_TMPDIR/out.txt
	echo old > "$out"
	run -4 campaign-survival -s 1 -o "$out" fixtures/$F/party.txt /nonexistent
	assert_equal "$(cat "$out")" "old"
	run -0 campaign-survival -s 1 -o "$out" fixtures/$F/party.txt
	assert_equal "$(cat "$out")" "$(campaign-survival -s 1 fixtures/$F/party.txt)"
	run -4 --separate-stderr campaign-survival -s 1 -o /dev/full fixtures/$F/party.txt
	assert_equal "$stderr" "campaign-survival: cannot write '/dev/full': No space left on device"
	[[ -c /dev/full ]]
	run -4 --separate-stderr sh -c 'campaign-survival -s 1 "$1" > /dev/full' sh fixtures/$F/party.txt
	assert_equal "$stderr" "campaign-survival: write error: No space left on device"
}

@test "survival: binary junk" {
	printf 'pc A\0\377 iq=1\n' > "$BATS_TEST_TMPDIR/junk"
	run -2 --separate-stderr campaign-survival -s 1 "$BATS_TEST_TMPDIR/junk"
	assert_equal "$stderr" "campaign-survival: $BATS_TEST_TMPDIR/junk:1: error: line is not valid UTF-8"
}

@test "survival: every EXAMPLE of the man page, with its status" {
	man_examples campaign-survival.1 0 0 0 0 0
}

@test "survival: the locale labels results and hit locations in text" {
	run -0 env LC_ALL=ru_RU.UTF-8 campaign-survival -s 1 <<< 'pc A tactics=12 weapon=12 roll=8 glory-roll=10'
	assert_output "A: battle skill 12, effective 12, roll 8, margin 4: hit1 (1 хит); hits 1 (торс); glory roll 10 vs 12, margin 2"
}

@test "survival: -o into a missing directory, exit 4" {
	run -4 --separate-stderr campaign-survival -s 1 -o "$BATS_TEST_TMPDIR/no/such" fixtures/$F/party.txt
	[[ $stderr == "campaign-survival: cannot create a temporary file for '$BATS_TEST_TMPDIR/no/such':"* ]]
}

@test "survival: its own XML output reads back, another root is not input" {
	run -0 campaign-survival -s 3 -T xml fixtures/$F/party.xml
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/out.xml"
	run -0 --separate-stderr campaign-survival "$BATS_TEST_TMPDIR/out.xml"
	assert_equal "$stderr" ""
	assert_output "$(campaign-survival -s 3 fixtures/$F/party.xml)"
	printf '<armylists version="1"/>\n' > "$BATS_TEST_TMPDIR/a.xml"
	run -2 --separate-stderr campaign-survival "$BATS_TEST_TMPDIR/a.xml"
	[[ $stderr == *"campaign-survival: $BATS_TEST_TMPDIR/a.xml:1: error: root element 'armylists' is not 'party' (not an input document)" ]]
}

# ---- --battle: campaign-catastrophe's XML output ------------------------

@test "survival: --battle: the XML validates, the JSON (jq)" {
	run -0 campaign-survival -s 1 --battle=fixtures/$F/battle.xml -T xml fixtures/$F/battle-party.txt
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate survival.rng "$BATS_TEST_TMPDIR/o.xml"
	run -0 campaign-survival -s 1 --battle=fixtures/$F/battle.xml -T json fixtures/$F/battle-party.txt
	printf '%s\n' "$output" | jq -e '.pcs[0] == {"name": "Gaius", "file": "fixtures/survival/battle-party.txt", "line": 2, "side": "Rome", "unit": "LegioI", "battle": 13, "catastrophe": "leader-killed", "fate": "unconscious", "no-rolls": true, "ht": 12, "ht-after": 12, "strategy-as-catastrophe": true}'
	printf '%s\n' "$output" | jq -e '.pcs[4].catastrophe == "leader-wounded" and .pcs[4]["catastrophe-damage"] == 2 and .pcs[4]["ht-after"] == 8 and .pcs[3].fate == "unconscious" and .pcs[3].glory.rolls == 9 and (.pcs[6] | has("catastrophe") | not)'
}

@test "survival: --battle reads what campaign-catastrophe writes" {
	run -0 campaign-catastrophe -s 1347 -T xml fixtures/$F/battle.txt
	assert_equal "$output" "$(cat fixtures/$F/battle.xml)"
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/b.xml"
	run -0 campaign-survival -s 1 --battle="$BATS_TEST_TMPDIR/b.xml" fixtures/$F/battle-party.txt
	assert_equal "$output" "$(campaign-survival -s 1 --battle=fixtures/$F/battle.xml fixtures/$F/battle-party.txt)"
	validate survival.rng fixtures/$F/battle-party.xml
}

@test "survival: --battle that fails the schema catastrophe.rng, exit 2" {
	sed 's/total="17"/total="19"/' fixtures/$F/battle.xml > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr campaign-survival --battle="$BATS_TEST_TMPDIR/bad.xml" < /dev/null
	assert_equal "${stderr##*$'\n'}" "campaign-survival: $BATS_TEST_TMPDIR/bad.xml: error: battle does not match the schema catastrophe.rng"
}

# gen_battle N FILE: campaign-catastrophe's XML of a battle whose first
# side has N units.
gen_battle() {
	awk -v n="$1" 'BEGIN { printf "battle Cannae\nside Rome roll=15 units="
		for (i = 0; i < n; i++) printf "%su%d:5", (i ? "," : ""), i
		print ""; print "side Carthage ts=5 roll=10" }' |
	    campaign-catastrophe -s 1 -T xml > "$2"
}

@test "survival: --battle and the read-back of catastrophe XML cost linear time in the units of a side" {
	linear 2000 gen_battle campaign-survival -s 1 --battle=@LIN@ "$SAMPLES/party.txt"
	linear 2000 gen_battle campaign-catastrophe -T tsv @LIN@
}

@test "survival: --battle past the memory budget (sides and units in TMPDIR) answers as in memory; the first side of a name counts" {
	gen_battle 40000 "$BATS_TEST_TMPDIR/b.xml"
	{
		echo 'pc A tactics=12 weapon=12 side=Rome unit=u39999 roll=10 glory-roll=9'
		echo 'pc B tactics=12 weapon=12 side=Rome unit=u40000 roll=10 glory-roll=9'
		echo 'pc C tactics=12 weapon=12 side=Rome unit=u0 roll=10 glory-roll=9'
		echo 'pc D tactics=12 weapon=12 side=Carthage roll=10 glory-roll=9'
		echo 'pc E tactics=12 weapon=12 side=Carthage unit=u7 roll=10 glory-roll=9'
	} > "$BATS_TEST_TMPDIR/p.txt"
	run -2 --separate-stderr campaign-survival -s 1 --battle="$BATS_TEST_TMPDIR/b.xml" "$BATS_TEST_TMPDIR/p.txt"
	local out=$output err=$stderr
	assert_equal "$stderr" "campaign-survival: $BATS_TEST_TMPDIR/p.txt:2:42: error: pc 'B': side 'Rome' has no unit 'u40000' in the battle
campaign-survival: $BATS_TEST_TMPDIR/p.txt:5:46: error: pc 'E': side 'Carthage' has no unit 'u7' in the battle"
	assert_equal "${#lines[@]}" 3
	assert_line --index 0 --partial "A: battle skill 12"
	TMPDIR=$BATS_TEST_TMPDIR BELLIS_INDEX_MEMORY=0 run -2 --separate-stderr campaign-survival -s 1 --battle="$BATS_TEST_TMPDIR/b.xml" "$BATS_TEST_TMPDIR/p.txt"
	assert_equal "$output" "$out"
	assert_equal "$stderr" "$err"
	# nothing left in TMPDIR
	assert_equal "$(find "$BATS_TEST_TMPDIR" -name 'bellis.*')" ""
	# a second side named Rome (another battle): its units are not Rome's
	printf '%s\n' 'battle Cannae' 'side Rome roll=15 units=u1:5' 'side Carthage ts=5 roll=10' \
	    'battle Trebia' 'side Rome roll=10 units=extra:5' 'side Carthage ts=5 roll=10' |
	    campaign-catastrophe -s 1 -T xml > "$BATS_TEST_TMPDIR/b2.xml"
	echo 'pc F tactics=12 weapon=12 side=Rome unit=extra roll=10 glory-roll=9' > "$BATS_TEST_TMPDIR/p2.txt"
	for m in "" 0; do
		BELLIS_INDEX_MEMORY=$m run -2 --separate-stderr campaign-survival -s 1 --battle="$BATS_TEST_TMPDIR/b2.xml" "$BATS_TEST_TMPDIR/p2.txt"
		assert_equal "$stderr" "campaign-survival: $BATS_TEST_TMPDIR/p2.txt:1:42: error: pc 'F': side 'Rome' has no unit 'extra' in the battle"
	done
}

@test "survival: --battle past the memory budget, a temporary file that cannot be made or written is exit 4" {
	[ -z "${BELLIS_VALGRIND:-}" ] || skip "TMPDIR and ulimit -f under valgrind"
	local D=$BATS_TEST_TMPDIR
	gen_battle 300 "$D/b.xml"
	echo 'pc A tactics=12 weapon=12 side=Rome unit=u1 roll=10 glory-roll=9' > "$D/p.txt"
	BELLIS_INDEX_MEMORY=0 TMPDIR=$D/none run -4 --separate-stderr campaign-survival -s 1 --battle="$D/b.xml" "$D/p.txt"
	assert_equal "$stderr" "campaign-survival: cannot make a temporary file in '$D/none': No such file or directory"
	# TMPDIR full: a file size limit of 1 KB, past it the runs merged
	mkdir "$D/tmp"
	run -4 --separate-stderr bash -c 'trap - XFSZ; ulimit -f 1; BELLIS_INDEX_MEMORY=0 TMPDIR=$1 exec campaign-survival -s 1 --battle="$2" "$3"' _ "$D/tmp" "$D/b.xml" "$D/p.txt"
	assert_equal "$stderr" "campaign-survival: cannot write a temporary file in '$D/tmp': File too large"
	assert_equal "$(ls -A "$D/tmp")" ""
	# within the limit (the runs merged in their place): the answer of memory
	run -0 campaign-survival -s 1 --battle="$D/b.xml" "$D/p.txt"
	local out=$output
	run -0 bash -c 'trap - XFSZ; ulimit -f 16; BELLIS_INDEX_MEMORY=0 TMPDIR=$1 exec campaign-survival -s 1 --battle="$2" "$3"' _ "$D/tmp" "$D/b.xml" "$D/p.txt"
	assert_equal "$output" "$out"
}

@test "survival: a side of the catastrophe XML holds odds or one roll's result, not parts of both" {
	gen_battle 3 "$BATS_TEST_TMPDIR/b.xml"
	sed 's/ total="15"//' "$BATS_TEST_TMPDIR/b.xml" > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr campaign-survival --battle="$BATS_TEST_TMPDIR/bad.xml" < /dev/null
	assert_equal "$stderr" "campaign-survival: $BATS_TEST_TMPDIR/bad.xml:3: error: side 'Rome' needs rolls, total and event (or odds)"
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/bad.xml"
	assert_equal "$stderr" "campaign-catastrophe: $BATS_TEST_TMPDIR/bad.xml:3: error: side 'Rome' needs rolls, total and event (or odds)"
	sed 's/ ts-after="[0-9]*"//' "$BATS_TEST_TMPDIR/b.xml" > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/bad.xml"
	assert_equal "$stderr" "campaign-catastrophe: $BATS_TEST_TMPDIR/bad.xml:3: error: side 'Rome' has one of ts and ts-after without the other
campaign-catastrophe: $BATS_TEST_TMPDIR/bad.xml:10: error: side 'Carthage' has one of ts and ts-after without the other"
	campaign-catastrophe -s 1 --odds -T xml "$SAMPLES/battle.txt" | sed '0,/<side /s/<side /<side rolls="3" /' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/bad.xml"
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: $BATS_TEST_TMPDIR/bad.xml:3: error: side 'Rome' with odds has no rolls, modifier, total, event or ts-after"
}
