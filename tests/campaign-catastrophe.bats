#!/usr/bin/env bats
# campaign-catastrophe: the Catastrophe roll per side (campaign-catastrophe(1)).
load helpers/common

F=catastrophe   # fixture and golden subdirectory

event_of() {    # the event column of TSV output, data rows only
	printf '%s\n' "$1" | awk -F '\t' 'NR > 1 { print $6 }'
}

@test "catastrophe: unknown option suggests the nearest, exit 3" {
	run -3 --separate-stderr campaign-catastrophe --tabel=x
	assert_equal "$stderr" "campaign-catastrophe: unknown option '--tabel=x' (did you mean '--table'?)
Try 'campaign-catastrophe --help' for more information."
}

@test "catastrophe: option without its value, bad format, lang, seed: exit 3" {
	run -3 --separate-stderr campaign-catastrophe --swap
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: option '--swap' needs a value"
	run -3 --separate-stderr campaign-catastrophe -T html
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: invalid value 'html' for --format (valid: text, xml, tsv, json, jsonl)"
	run -3 --separate-stderr campaign-catastrophe --lang=fr
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: invalid value 'fr' for --lang (valid: en, de, ru)"
	run -3 --separate-stderr campaign-catastrophe -s x
	assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: invalid seed 'x' in --seed (a number 0 to 18446744073709551615)"
}

@test "catastrophe: every roll 3-18 gives its table row" {
	run -0 campaign-catastrophe -s 1 -T tsv "fixtures/$F/rows-bare.txt"
	assert_equal "$(event_of "$output" | tr '\n' ' ')" "none none none none none surprise surprise reinforcements plans-known friction atrocity defection leader-wounded commander-wounded leader-killed commander-killed "
}

@test "catastrophe: effects of every row, text" {
	run -0 campaign-catastrophe -s 1 "fixtures/$F/rows.txt"
	golden $F/rows.txt.out
}

@test "catastrophe: effects of every row, XML validates" {
	run -0 campaign-catastrophe -s 1 -T xml "fixtures/$F/rows.txt"
	golden $F/rows.xml.out
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "catastrophe: TSV and JSON" {
	run -0 campaign-catastrophe -s 1 -T tsv "fixtures/$F/rows.txt"
	golden $F/rows.tsv.out
	run -0 campaign-catastrophe -s 1 -T json "fixtures/$F/rows.txt"
	golden $F/rows.json.out
	printf '%s\n' "$output" | jq -e '.version == 1 and .seed == "1" and (.sides | length) == 16 and .sides[11].effect.defector == "Small"'
	assert_equal "${#lines[@]}" 1
	doc=$output
	run -0 --separate-stderr campaign-catastrophe -s 1 -T jsonl "fixtures/$F/rows.txt"
	jsonl 16
	assert_equal "$stderr" ''
	assert_line --index 0 '{"name":"R3","battle":1,"file":"fixtures/catastrophe/rows.txt","line":2,"rolls":[3],"modifier":0,"total":3,"event":"none","ts":1000,"ts-after":1000,"effect":{},"text":"No catastrophe"}'
	want=$output
	output=$doc
	json_doc sides "$want"
}

@test "catastrophe: -T tsv has a file column exactly with several files; jsonl reports a drawn seed" {
	printf 'side A ts=100 roll=10\n' > "$BATS_TEST_TMPDIR/1.txt"
	printf 'side B ts=100 roll=5\n' > "$BATS_TEST_TMPDIR/2.txt"
	cd "$BATS_TEST_TMPDIR"
	run -0 campaign-catastrophe -s 1 -T tsv 1.txt 2.txt
	assert_equal "$(printf '%s\n' "$output" | cut -f 1-9)" "$(printf '%s\n' 'file	battle	line	name	rolls	total	event	ts	ts-after' \
	    '1.txt	1	1	A	10	10	reinforcements	100	100' \
	    '2.txt	2	1	B	5	5	none	100	100')"
	run -0 campaign-catastrophe -s 1 -T tsv 1.txt
	assert_equal "$(printf '%s\n' "$output" | cut -f 1-8)" "$(printf '%s\n' 'battle	line	name	rolls	total	event	ts	ts-after' \
	    '1	1	A	10	10	reinforcements	100	100')"
	run -0 --separate-stderr campaign-catastrophe -T jsonl 1.txt 2.txt
	jsonl 2
	[[ "$stderr" =~ ^campaign-catastrophe:\ seed:\ [0-9]+$ ]]
	run -0 --separate-stderr campaign-catastrophe -T json 1.txt 2.txt
	assert_equal "$stderr" ''
	assert_output --regexp '^\{"version":1,"seed":"[0-9]+","sides":\[\{"name":"A",'
	json_doc sides
}

@test "catastrophe: 13 atrocity: morale -1 on a failed Morale roll, +1 on a made one, in every format" {
	run -0 campaign-catastrophe -s 1 <<< 'side A roll=13'
	assert_output "A: roll 13, total 13: atrocity (Enemy atrocity); morale-roll=yes morale-fail=-1 morale-success=+1"
	run -0 campaign-catastrophe -s 1 -T xml <<< 'side A roll=13'
	assert_output --partial '<effect morale-roll="yes" morale-fail="-1" morale-success="+1"/>'
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
	run -0 campaign-catastrophe -s 1 -T json <<< 'side A roll=13'
	printf '%s\n' "$output" | jq -e '.sides[0].effect == {"morale-roll": true, "morale-fail": -1, "morale-success": 1}'
	run -0 campaign-catastrophe -s 1 -T tsv <<< 'side A roll=13'
	assert_equal "$(printf '%s\n' "$output" | awk -F '\t' '{ print $14 "," $15 "," $16 }' | tr '\n' ' ')" "morale-roll,morale-fail,morale-success yes,-1,+1 "
	# the numbers are the table's
	sed 's/morale-fail="-1" morale-success="1"/morale-fail="-2" morale-success="3"/' "$TOP/formats/catastrophe.xml" > "$BATS_TEST_TMPDIR/t.xml"
	run -0 campaign-catastrophe -s 1 --table="$BATS_TEST_TMPDIR/t.xml" <<< 'side A roll=13'
	assert_output --partial "morale-fail=-2 morale-success=+3"
	# the campaign card states both (lib/card/cardcamp.c)
	run -0 --separate-stderr refcard-render --cards=campaign
	assert_output --partial "every unit rolls morale, on failure −1, on success +1"
	run -0 --separate-stderr refcard-render --cards=campaign --lang=ru
	assert_output --partial "каждый отряд бросает мораль, при провале −1, при успехе +1"
}

@test "catastrophe: luck keeps the lowest of three rolls" {
	run -0 campaign-catastrophe -s 1 -T tsv <<< 'side A luck roll=15/9/12'
	assert_equal "$(printf '%s\n' "$output" | awk -F '\t' 'NR == 2 { print $4, $5, $6 }')" "15/9/12 9 surprise"
}

@test "catastrophe: enemy-power adds +1 per full 2 points, then the clamp" {
	run -0 campaign-catastrophe -s 1 -T tsv <<'EOF2'
side A roll=10 enemy-power=3
side B roll=10 enemy-power=4
side C roll=17 enemy-power=10
side D luck roll=16/17/15 enemy-power=20
EOF2
	assert_equal "$(printf '%s\n' "$output" | awk -F '\t' 'NR > 1 { print $5 }' | tr '\n' ' ')" "11 12 18 18 "
	run -0 campaign-catastrophe -T xml -s 2 <<< 'side A roll=10 enemy-power=3'
	assert_output --partial 'rolls="10" modifier="1" total="11" event="plans-known"'
}

@test "catastrophe: reinforcements raise the other side's TS in a two-sided battle" {
	run -0 campaign-catastrophe -s 7 "fixtures/$F/two.txt"
	golden $F/two.out
	assert_line "Rome: roll 10, total 10: reinforcements (Enemy reinforced); enemy-ts-percent=10; ts 1005 -> 1106"
	assert_line "Carthage: roll 10, total 10: reinforcements (Enemy reinforced); enemy-ts-percent=10; ts 5 -> 6"
	assert_line "B: roll 10, total 10: reinforcements (Enemy reinforced); enemy-ts-percent=10; ts 100 -> 100"
}

@test "catastrophe: defection with units names the defector and lowers ts-after" {
	run -0 campaign-catastrophe -s 3 -T xml <<'EOF2'
side A units=X:600,Y:400 roll=14
side B roll=5
EOF2
	assert_output --regexp 'ts="1000" ts-after="(400|600)"'
	assert_output --regexp 'recalculate-ts="yes" defector="(X|Y)"'
	run -0 campaign-catastrophe -s 3 -T xml <<< 'side A ts=500 roll=14'
	assert_output --partial '<effect strategy="-2" recalculate-ts="yes"/>'
}

@test "catastrophe: leaders come only from units with 20% of the TS" {
	for s in 1 2 3 4 5 6 7 8; do
		run -0 campaign-catastrophe -s $s -T tsv <<< 'side A units=Big:800,Edge:200,Small:199 roll=15'
		unit=$(printf '%s\n' "$output" | awk -F '\t' 'NR == 2 { print $13 }')
		[[ $unit == Big || $unit == Edge ]]
	done
	run -0 campaign-catastrophe -s 1 -T xml <<< 'side A ts=1000 roll=15'
	assert_output --regexp '<effect morale-all="-1" morale-unit="-2" leader-fate="wounded" damage="([2-9]|1[0-2])"/>'
}

@test "catastrophe: a PC leader or commander killed is unconscious instead" {
	run -0 campaign-catastrophe -s 1 -T xml <<'EOF2'
side A units=Hero:900:pc,Small:100 roll=17
side B pc-commander strategy=13 roll=18
side C strategy=12 roll=18
EOF2
	assert_output --partial 'unit="Hero" leader="Hero" leader-fate="unconscious"'
	assert_output --partial 'strategy-halved="yes" strategy-after="7" morale-all="-5" leader="commander" leader-fate="unconscious"'
	assert_output --partial 'strategy-halved="yes" strategy-after="6" morale-all="-5" leader="commander" leader-fate="killed"'
}

@test "catastrophe: a wounded commander takes 2d" {
	for s in 1 2 3 4 5; do
		run -0 campaign-catastrophe -s $s -T tsv <<< 'side A roll=16'
		d=$(printf '%s\n' "$output" | awk -F '\t' 'NR == 2 { print $22 }')
		(( d >= 2 && d <= 12 ))
	done
}

@test "catastrophe: --swap=13,14 exchanges the rows" {
	run -0 campaign-catastrophe -s 1 --swap=13,14 -T tsv "fixtures/$F/rows-bare.txt"
	assert_equal "$(event_of "$output" | sed -n '11,12p' | tr '\n' ' ')" "defection atrocity "
	run -0 campaign-catastrophe -s 1 --swap=3,18 --swap=13,14 -T tsv <<< 'side A roll=3'
	assert_equal "$(event_of "$output")" "commander-killed"
}

@test "catastrophe: bad --swap values are usage errors" {
	for v in 13 2,14 13,19 a,b 13,14,15; do
		run -3 --separate-stderr campaign-catastrophe --swap=$v
		assert_equal "${stderr%%$'\n'*}" "campaign-catastrophe: invalid value '$v' for --swap (two rolls 3-18, e.g. 13,14)"
	done
}

@test "catastrophe: --table=FILE replaces the table" {
	run -0 campaign-catastrophe -s 1 --table="fixtures/$F/table-mini.xml" --lang=de <<'EOF2'
side A roll=10
side B roll=10 enemy-power=1
EOF2
	assert_output "A: roll 10, total 10: calm (Ruhe)
B: roll 10, modifier +1, total 11: storm (Storm); strategy=-4 morale-all=-2"
	run -0 campaign-catastrophe --odds -T tsv --table="fixtures/$F/table-mini.xml" <<< 'side A'
	assert_equal "$(printf '%s\n' "$output" | cut -f 4-)" "event	count	of
calm	108	216
storm	108	216"
}

@test "catastrophe: a table with a gap or an overlap is refused, exit 2" {
	run -2 --separate-stderr campaign-catastrophe --table=fixtures/$F/table-gap.xml < /dev/null
	assert_equal "$stderr" "campaign-catastrophe: fixtures/$F/table-gap.xml: error: roll 10 is in two rows ('none' and 'doom')
campaign-catastrophe: fixtures/$F/table-gap.xml: error: roll 18 is in no row"
	assert_output ""
}

@test "catastrophe: the table's dice make the rolls and the odds" {
	run -0 campaign-catastrophe --odds -T tsv --table="fixtures/$F/table-2d6.xml" <<< 'side A'
	assert_equal "$(printf '%s\n' "$output" | cut -f 4-)" "event	count	of
calm	15	36
muddle	6	36
storm	15	36"
	run -0 campaign-catastrophe --odds -T tsv --table="fixtures/$F/table-2d6.xml" <<< 'side A luck'
	assert_equal "$(printf '%s\n' "$output" | awk -F '\t' 'NR > 1 { print $6 }' | sort -u)" "46656"
	run -0 campaign-catastrophe -s 1 -T tsv --table="fixtures/$F/table-2d6.xml" <<< 'side A roll=2'
	assert_equal "$(event_of "$output")" "calm"
	run -2 --separate-stderr campaign-catastrophe --table="fixtures/$F/table-2d6.xml" <<< 'side A roll=13'
	assert_equal "$stderr" "campaign-catastrophe: -:1:13: error: invalid roll '13' (a 2d6 roll 2 to 12, or three as A/B/C)"
}

@test "catastrophe: a table row beyond its dice is refused, exit 2" {
	run -2 --separate-stderr campaign-catastrophe --table=fixtures/$F/table-outside.xml < /dev/null
	assert_equal "$stderr" "campaign-catastrophe: fixtures/$F/table-outside.xml: error: row 'storm' goes beyond the rolls 2 to 12"
	assert_output ""
}

@test "catastrophe: a table that fails its schema, a DOCTYPE, a missing file" {
	run -2 --separate-stderr campaign-catastrophe --table=fixtures/$F/table-bad.xml < /dev/null
	[[ $stderr == "campaign-catastrophe: fixtures/$F/table-bad.xml:2: error:"* ]]
	[[ $stderr == *"table does not match the schema catastrophe-table.rng"* ]]
	run -2 --separate-stderr campaign-catastrophe --table=fixtures/$F/doctype.xml < /dev/null
	[[ $stderr == *"fixtures/$F/doctype.xml"*error* ]]
	run -4 --separate-stderr campaign-catastrophe --table=fixtures/$F/none.xml < /dev/null
	assert_equal "$stderr" "campaign-catastrophe: cannot open 'fixtures/$F/none.xml': No such file or directory"
}

@test "catastrophe: --odds for one roll: the exact counts of section 6" {
	run -0 campaign-catastrophe --odds -T xml <<< 'side A strategy=12 roll=18'
	golden $F/odds.xml.out
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
	assert_equal "$(printf '%s\n' "$output" | grep -o 'count="[0-9]*"' | tr -dc '0-9\n' | tr '\n' ' ')" "35 46 27 27 25 21 15 10 6 3 1 "
}

@test "catastrophe: --odds with Luck: numerators over 216^3 of section 6" {
	run -0 campaign-catastrophe --odds -T tsv <<< 'side A luck'
	assert_equal "$(printf '%s\n' "$output" | awk -F '\t' 'NR > 1 { print $5 "/" $6 }' | tr '\n' ' ')" "4147955/10077696 3469366/10077696 1200663/10077696 728271/10077696 355825/10077696 132741/10077696 34875/10077696 7000/10077696 936/10077696 63/10077696 1/10077696 "
}

@test "catastrophe: --odds text shows count/of and a percentage" {
	run -0 campaign-catastrophe --odds <<'EOF2'
side A
side B luck enemy-power=2
EOF2
	golden $F/odds.txt.out
	assert_line "  none                     35/216   16.204%  No catastrophe"
	assert_line "  none                2548160/10077696   25.285%  No catastrophe"
	run -0 campaign-catastrophe --odds -T json <<< 'side A enemy-power=30'
	printf '%s\n' "$output" | jq -e '.sides[0].of == 216 and .sides[0].odds["commander-killed"] == 216'
}

@test "catastrophe: the same seed gives the same rolls; BELLIS_SEED is the default" {
	run -0 campaign-catastrophe -s 99 "fixtures/$F/two.txt" "$SAMPLES/battle.txt"
	first=$output
	BELLIS_SEED=99 run -0 campaign-catastrophe "fixtures/$F/two.txt" "$SAMPLES/battle.txt"
	assert_equal "$output" "$first"
	run -0 campaign-catastrophe --seed=98 "fixtures/$F/two.txt" "$SAMPLES/battle.txt"
	[[ $output != "$first" ]]
}

@test "catastrophe: without a seed one is drawn and reported, and replays" {
	run -0 campaign-catastrophe "$SAMPLES/battle.txt"
	assert_line --index 0 --regexp '^seed: [0-9]+$'
	seed=${lines[0]#seed: }
	rest=$(printf '%s\n' "$output" | tail -n +2)
	run -0 campaign-catastrophe -s "$seed" "$SAMPLES/battle.txt"
	assert_equal "$output" "$rest"
	run -0 campaign-catastrophe -T xml "$SAMPLES/battle.txt"
	assert_output --regexp '<catastrophes version="1" seed="[0-9]+">'
	run -0 --separate-stderr campaign-catastrophe -T tsv "$SAMPLES/battle.txt"
	[[ $stderr =~ ^campaign-catastrophe:\ seed:\ [0-9]+$ ]]
}

@test "catastrophe: records are independent: each side rolls dice of its own" {
	printf 'side A\nside B\nside C\n' > "$BATS_TEST_TMPDIR/a.txt"
	printf 'side A luck\n# gone\nside C\n' > "$BATS_TEST_TMPDIR/b.txt"
	run -0 campaign-catastrophe -s 5 -T tsv "$BATS_TEST_TMPDIR/a.txt"
	a=$(printf '%s\n' "$output" | awk -F '\t' '$3 == "C" { print $4 }')
	run -0 campaign-catastrophe -s 5 -T tsv "$BATS_TEST_TMPDIR/b.txt"
	b=$(printf '%s\n' "$output" | awk -F '\t' '$3 == "C" { print $4 }')
	assert_equal "$a" "$b"
}

# six named battles: random rolls, luck, leaders, defectors, damage, a
# melee of three sides
split_battles() {
	cat "$SAMPLES/battle.txt"
	cat <<'EOF2'
battle "Zama, 202 BC"
side Rome ts=900 units=Hastati:300,Principes:300,Triarii:300
side Carthage units=Elephants:200,Mercenaries:400,Veterans:400 luck
battle Trebia
side Rome units=LegioI:400:pc,LegioII:400 enemy-power=4
side Carthage units=Libyans:500,Horse:400 pc-commander
battle Raphia
side Ptolemy units=Phalanx:700,Elephants:100 luck
side Antiochus units=Phalanx:600,Elephants:200
side Arabs ts=100
battle Ipsus
side Antigonus strategy=15 units=A:500,B:500
side Seleucus strategy=14 units=C:300,D:300,E:400
EOF2
}

@test "catastrophe: a file split at its battles into 2 and 3 parts rolls what the whole rolls" {
	cd "$BATS_TEST_TMPDIR"
	split_battles > all.txt
	run -0 campaign-catastrophe -s 11 all.txt
	whole=$output
	assert_equal "${#lines[@]}" 13
	# the parts as separate runs, and as the operands of one run
	for n in 2 3; do
		rm -f part.*
		awk -v n=$n '/^battle / { b++ } { print > ("part." int(b * n / 7)) }' all.txt
		assert_equal "$(ls part.* | wc -l)" "$n"
		run -0 bash -c 'for p in part.*; do campaign-catastrophe -s 11 "$p"; done'
		assert_equal "$output" "$whole"
		run -0 campaign-catastrophe -s 11 part.*
		assert_equal "$output" "$whole"
		# the machine formats: the same rolls and effects (line and
		# battle number are the part's)
		run -0 bash -c 'for p in part.*; do campaign-catastrophe -s 11 -T tsv "$p" | tail -n +2; done | cut -f 3-'
		assert_equal "$output" "$(campaign-catastrophe -s 11 -T tsv all.txt | tail -n +2 | cut -f 3-)"
	done
	# the rolls of the key, not of the place: battles in another order
	awk '/^battle / { b++ } { print > ("order." (b % 2)) }' all.txt
	run -0 bash -c 'cat order.1 order.0 | campaign-catastrophe -s 11 | sort'
	assert_equal "$output" "$(sort <<<"$whole")"
}

@test "catastrophe: the key of a battle without a name is its number in its file" {
	cd "$BATS_TEST_TMPDIR"
	printf 'side A\nside B\nbattle\nside A\nside B\n' > a.txt
	run -0 --separate-stderr campaign-catastrophe -s 3 a.txt
	first=$output
	# another file's battle 1 rolls as this one's, with a warning
	printf '# another\nbattle\nside A\nside B\n' > b.txt
	run -0 --separate-stderr campaign-catastrophe -s 3 a.txt b.txt
	assert_equal "${lines[4]}" "${lines[0]}"
	assert_equal "${lines[5]}" "${lines[1]}"
	assert_equal "$stderr" "campaign-catastrophe: b.txt:3: warning: side 'A' of unnamed battle 1 of its file has the key of an earlier one: it rolls the same dice
campaign-catastrophe: b.txt:4: warning: side 'B' of unnamed battle 1 of its file has the key of an earlier one: it rolls the same dice"
	# an empty battle is not counted; the second battle is not the first
	printf 'battle\nbattle\nside A\nside B\nbattle\nside A\nside B\n' > c.txt
	run -0 --separate-stderr campaign-catastrophe -s 3 c.txt
	assert_equal "$output" "$first"
	assert_equal "$stderr" ""
	[ "${lines[0]}" != "${lines[2]}" ] || [ "${lines[1]}" != "${lines[3]}" ]
	# a named battle of the same sides rolls otherwise
	printf 'battle 1\nside A\nside B\n' > d.txt
	run -0 campaign-catastrophe -s 3 d.txt
	[ "$output" != "${lines[*]:0:2}" ]
	# the same side twice in a battle: the same dice, a warning
	printf 'battle X\nside A\nside A\nside B\n' > e.txt
	run -0 --separate-stderr campaign-catastrophe -s 3 e.txt
	assert_equal "${lines[0]}" "${lines[1]}"
	assert_equal "$stderr" "campaign-catastrophe: e.txt:3: warning: side 'A' of battle 'X' has the key of an earlier one: it rolls the same dice"
	# --odds rolls nothing: no warning
	run -0 --separate-stderr campaign-catastrophe --odds e.txt
	assert_equal "$stderr" ""
}

@test "catastrophe: roll= replaces the generator" {
	run -0 campaign-catastrophe -s 1 <<< 'side A roll=12'
	first=$output
	run -0 campaign-catastrophe -s 2 <<< 'side A roll=12'
	assert_equal "$output" "$first"
}

@test "catastrophe: every line error, exact messages, good lines still written" {
	run -2 --separate-stderr campaign-catastrophe -s 1 "fixtures/$F/errors.txt"
	assert_output "Ok: roll 7, total 7: none (No catastrophe)"
	assert_equal "$stderr" "$(cat "$GOLD/$F/errors.err")"
}

@test "catastrophe: XML input, text and XML output" {
	run -0 campaign-catastrophe -s 3 "fixtures/$F/battle.xml"
	golden $F/battle.xml.txt.out
	run -0 campaign-catastrophe -s 3 -T xml "fixtures/$F/battle.xml"
	golden $F/battle.xml.xml.out
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "fixtures/$F/battle.xml"
}

@test "catastrophe: invalid and malformed XML input, exit 2" {
	run -2 --separate-stderr campaign-catastrophe -s 1 "fixtures/$F/invalid.xml"
	assert_equal "$stderr" "campaign-catastrophe: fixtures/$F/invalid.xml:2: error: attribute 'bogus' of <side> is not valid
campaign-catastrophe: fixtures/$F/invalid.xml:2: error: unknown flag 'bogus'
campaign-catastrophe: fixtures/$F/invalid.xml:3: error: invalid roll '2' (a 3d6 roll 3 to 18, or three as A/B/C)"
	run -2 --separate-stderr campaign-catastrophe -s 1 "fixtures/$F/malformed.xml"
	[[ $stderr == *"fixtures/$F/malformed.xml:3"*"error:"* ]]
}

@test "catastrophe: a DOCTYPE or entity in XML input is rejected, exit 2" {
	run -2 --separate-stderr campaign-catastrophe -s 1 "fixtures/$F/doctype.xml"
	[[ $stderr == *"fixtures/$F/doctype.xml"*"error:"* ]]
	[[ $output != *root:* ]]
}

@test "catastrophe: -o replaces the file atomically; the old file survives a failure" {
	out=$BATS_TEST_TMPDIR/out.txt
	echo old > "$out"
	run -4 campaign-catastrophe -s 7 -o "$out" "fixtures/$F/two.txt" /nonexistent
	assert_equal "$(cat "$out")" "old"
	run -0 campaign-catastrophe -s 7 --output="$out" "fixtures/$F/two.txt"
	run -0 cat "$out"
	golden $F/two.out
	assert_equal "$(ls "$BATS_TEST_TMPDIR")" "out.txt"
}

@test "catastrophe: a full disk is a write error, exit 4" {
	run -4 --separate-stderr campaign-catastrophe -s 1 "fixtures/$F/rows.txt" -o /dev/full
	[[ $stderr == *"write error"* || $stderr == *"No space"* ]]
	run -4 --separate-stderr sh -c 'campaign-catastrophe -s 1 "$1" > /dev/full' sh "fixtures/$F/rows.txt"
	[[ $stderr == *"write error"* ]]
}

@test "catastrophe: empty input, binary junk" {
	run -0 campaign-catastrophe -s 1 -T xml < /dev/null
	assert_output '<?xml version="1.0" encoding="UTF-8"?>
<catastrophes version="1" seed="1"/>'
	printf 'side A\0\377\376 roll=3\n' > "$BATS_TEST_TMPDIR/junk"
	run -2 --separate-stderr campaign-catastrophe -s 1 "$BATS_TEST_TMPDIR/junk"
	assert_equal "$stderr" "campaign-catastrophe: $BATS_TEST_TMPDIR/junk:1: error: line is not valid UTF-8"
}

@test "catastrophe: --lang and the locale choose the texts; machine formats do not change" {
	run -0 campaign-catastrophe -s 1 --lang=ru <<< 'side A roll=12'
	assert_output "A: roll 12, total 12: friction (Раздор командиров); strategy=-2 morale-all=-1"
	run -0 env LC_ALL=de_DE.UTF-8 campaign-catastrophe -s 1 <<< 'side A roll=12'
	assert_output --partial "(Streit der Anführer)"
	run -0 campaign-catastrophe --lang=de -T xml -s 1 <<< 'side A roll=12'
	assert_output --partial '<text lang="de">Streit der Anführer</text>'
	assert_output --partial 'event="friction"'
}

@test "catastrophe: several files: each starts a new battle" {
	printf 'side A ts=100 roll=10\n' > "$BATS_TEST_TMPDIR/1.txt"
	printf 'side B ts=100 roll=10\n' > "$BATS_TEST_TMPDIR/2.txt"
	run -0 campaign-catastrophe -s 1 -T tsv "$BATS_TEST_TMPDIR/1.txt" "$BATS_TEST_TMPDIR/2.txt"
	assert_equal "$(printf '%s\n' "$output" | awk -F '\t' 'NR > 1 { print $2, $9 }' | tr '\n' ' ')" "1 100 2 100 "
}

@test "catastrophe: every EXAMPLE of the man page, with its status" {
	man_examples campaign-catastrophe.1 0 0 0 0 0 0 0 0
}

@test "catastrophe: the sample battle" {
	run -0 campaign-catastrophe -s 7 "$SAMPLES/battle.txt"
	golden $F/sample.out
}

@test "catastrophe: -o into a missing directory, exit 4" {
	run -4 --separate-stderr campaign-catastrophe -s 1 -o "$BATS_TEST_TMPDIR/no/such" fixtures/$F/two.txt
	[[ $stderr == "campaign-catastrophe: cannot create a temporary file for '$BATS_TEST_TMPDIR/no/such':"* ]]
}

@test "catastrophe: its own XML output reads back, another root is not input" {
	run -0 campaign-catastrophe -s 3 -T xml fixtures/$F/battle.xml
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/out.xml"
	run -0 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/out.xml"
	assert_equal "$stderr" ""
	assert_output "$(campaign-catastrophe -s 3 fixtures/$F/battle.xml)"
	printf '<armylists version="1"/>\n' > "$BATS_TEST_TMPDIR/a.xml"
	run -2 --separate-stderr campaign-catastrophe "$BATS_TEST_TMPDIR/a.xml"
	[[ $stderr == *"campaign-catastrophe: $BATS_TEST_TMPDIR/a.xml:1: error: root element 'armylists' is not 'battles' (not an input document)" ]]
}

@test "catastrophe: a side of 20 000 units in XML, read as a stream, rolls as on a line and reads back" {
	local d=$BATS_TEST_TMPDIR
	awk 'BEGIN { printf "battle B\nside S strategy=12 units="
		for (i = 0; i < 20000; i++) printf "%sU%d:%d%s", i ? "," : "", i, 1 + i % 50, i % 7 ? "" : ":pc"
		print "\nside T ts=1000" }' > "$d/big.txt"
	awk 'BEGIN { print "<battles version=\"1\"><battle name=\"B\"><side name=\"S\" strategy=\"12\">"
		for (i = 0; i < 20000; i++) printf "<unit name=\"U%d\" ts=\"%d\"%s/>\n", i, 1 + i % 50, i % 7 ? "" : " pc=\"yes\""
		print "</side><side name=\"T\" ts=\"1000\"/></battle></battles>" }' > "$d/big.xml"
	for s in 1 2 3 4 5 6; do
		run -0 --separate-stderr campaign-catastrophe -s $s -T tsv "$d/big.txt"
		local want=$(cut -f 3- <<< "$output")
		run -0 --separate-stderr campaign-catastrophe -s $s -T tsv "$d/big.xml"
		assert_equal "$(cut -f 3- <<< "$output")" "$want"
	done
	campaign-catastrophe -s 5 -T xml "$d/big.xml" > "$d/out.xml"
	assert_equal "$(grep -c '<unit ' "$d/out.xml")" 20000
	campaign-catastrophe -s 5 "$d/big.xml" > "$d/want.txt"
	campaign-catastrophe "$d/out.xml" > "$d/back.txt"
	cmp "$d/want.txt" "$d/back.txt"
}
