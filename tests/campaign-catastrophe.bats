#!/usr/bin/env bats
# campaign-catastrophe: the Catastrophe roll per side (campaign-catastrophe(1)).
load helpers/common

F=catastrophe   # fixture subdirectory

@test "catastrophe: effects of every row, XML validates" {
	run -0 campaign-catastrophe -s 1 -T xml "fixtures/$F/rows.txt"
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "catastrophe: JSON of every row (jq), JSONL one object a side and the same records" {
	run -0 campaign-catastrophe -s 1 -T json "fixtures/$F/rows.txt"
	printf '%s\n' "$output" | jq -e '.version == 1 and .seed == "1" and (.sides | length) == 16 and .sides[11].effect.defector == "Small"'
	doc=$output
	run -0 campaign-catastrophe -s 1 -T jsonl "fixtures/$F/rows.txt"
	jsonl 16
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

@test "catastrophe: 13 atrocity: the XML validates, the JSON (jq), the numbers are the table's" {
	run -0 campaign-catastrophe -s 1 -T xml <<< 'side A roll=13'
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
	run -0 campaign-catastrophe -s 1 -T json <<< 'side A roll=13'
	printf '%s\n' "$output" | jq -e '.sides[0].effect == {"morale-roll": true, "morale-fail": -1, "morale-success": 1}'
	# the numbers are the table's
	sed 's/morale-fail="-1" morale-success="1"/morale-fail="-2" morale-success="3"/' "$TOP/formats/catastrophe.xml" > "$BATS_TEST_TMPDIR/t.xml"
	run -0 campaign-catastrophe -s 1 --table="$BATS_TEST_TMPDIR/t.xml" <<< 'side A roll=13'
	assert_output --partial "morale-fail=-2 morale-success=+3"
	# the campaign card states both (lib/card/cardcamp.c): the cases
	# tests/regress/refcard-render/campaign-card and campaign-card-ru
}

@test "catastrophe: leaders come only from units with 20% of the TS" {
	for s in 1 2 3 4 5 6 7 8; do
		run -0 campaign-catastrophe -s $s -T tsv <<< 'side A units=Big:800,Edge:200,Small:199 roll=15'
		unit=$(printf '%s\n' "$output" | awk -F '\t' 'NR == 2 { print $13 }')
		[[ $unit == Big || $unit == Edge ]]
	done
}

@test "catastrophe: a wounded commander takes 2d" {
	for s in 1 2 3 4 5; do
		run -0 campaign-catastrophe -s $s -T tsv <<< 'side A roll=16'
		d=$(printf '%s\n' "$output" | awk -F '\t' 'NR == 2 { print $22 }')
		(( d >= 2 && d <= 12 ))
	done
}

@test "catastrophe: a roll outside the table's dice is a line error" {
	# (no seed: stdout has the seed drawn, so it is no regress case)
	run -2 --separate-stderr campaign-catastrophe --table="fixtures/$F/table-2d6.xml" <<< 'side A roll=13'
	assert_equal "$stderr" "campaign-catastrophe: -:1:13: error: invalid roll '13' (a 2d6 roll 2 to 12, or three as A/B/C)"
}

@test "catastrophe: the XML of --odds validates" {
	run -0 campaign-catastrophe --odds -T xml <<< 'side A strategy=12 roll=18'
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
}

@test "catastrophe: --odds JSON of a sure catastrophe (jq)" {
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

@test "catastrophe: XML, in and out, validates" {
	run -0 campaign-catastrophe -s 3 -T xml "fixtures/$F/battle.xml"
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "$BATS_TEST_TMPDIR/o.xml"
	validate catastrophe.rng "fixtures/$F/battle.xml"
}

@test "catastrophe: -o replaces the file atomically; the old file survives a failure" {
	out=$BATS_TEST_TMPDIR/out.txt
	echo old > "$out"
	run -4 campaign-catastrophe -s 7 -o "$out" "fixtures/$F/two.txt" /nonexistent
	assert_equal "$(cat "$out")" "old"
	run -0 campaign-catastrophe -s 7 --output="$out" "fixtures/$F/two.txt"
	assert_equal "$(cat "$out")" "$(campaign-catastrophe -s 7 "fixtures/$F/two.txt")"
	assert_equal "$(ls "$BATS_TEST_TMPDIR")" "out.txt"
}

@test "catastrophe: a full disk is a write error, exit 4" {
	run -4 --separate-stderr campaign-catastrophe -s 1 "fixtures/$F/rows.txt" -o /dev/full
	[[ $stderr == *"write error"* || $stderr == *"No space"* ]]
	run -4 --separate-stderr sh -c 'campaign-catastrophe -s 1 "$1" > /dev/full' sh "fixtures/$F/rows.txt"
	[[ $stderr == *"write error"* ]]
}

@test "catastrophe: binary junk" {
	printf 'side A\0\377\376 roll=3\n' > "$BATS_TEST_TMPDIR/junk"
	run -2 --separate-stderr campaign-catastrophe -s 1 "$BATS_TEST_TMPDIR/junk"
	assert_equal "$stderr" "campaign-catastrophe: $BATS_TEST_TMPDIR/junk:1: error: line is not valid UTF-8"
}

@test "catastrophe: the locale chooses the texts" {
	run -0 env LC_ALL=de_DE.UTF-8 campaign-catastrophe -s 1 <<< 'side A roll=12'
	assert_output --partial "(Streit der Anführer)"
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
