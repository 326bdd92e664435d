#!/usr/bin/env bats
# DBA 3.0 moves and PIPs: further moves, the side's first bound, road moves, command range per type, Scythed
# Chariots into contact.  Each test names the source tags of the rows
# of formats/dba3.xml it checks; the 2.2 and 1.x equivalents beside.
load helpers/common

# The XML in $output is valid and move-check reads it back (into
# $output, status 0).
read_back() {
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/m.xml"
	validate move.rng "$BATS_TEST_TMPDIR/m.xml"
	run -0 move-check --rules=dba3 "$BATS_TEST_TMPDIR/m.xml"
}

@test "dba3 PIPs [QR QF QS TT 2S]: Scythed Chariots moving into contact pay no +1 PIP, other moves and other troops do" {
	run -0 bash -c "printf 'bound 6\nmove SCh 4 contact\n' | move-check --rules=dba3"
	assert_output '2: ok       SCh 4/4 bw, 1 PIP
bound 1: 6 PIPs, 1 used, 5 unused'
	printf 'bound 6\nmove SCh 4 zoc=contact\nmove SCh,El 3 contact column\nmove El 3 contact\nmove SCh 4\n' > "$BATS_TEST_TMPDIR/m.txt"
	run -1 move-check --rules=dba3 "$BATS_TEST_TMPDIR/m.txt"
	assert_output '2: ok       SCh 4/4 bw, 1 PIP
3: ok       SCh,El 3/3 bw, 2 PIP
4: ok       El 3/3 bw, 2 PIP
5: illegal  SCh 4/4 bw, 2 PIP: no-pips: costs 2 PIP, 1 left
bound 1: 6 PIPs, 5 used, 1 unused'
	# --explain names the surcharge only where it is paid
	run -0 bash -c "printf 'move SCh 4 contact\n' | move-check --rules=dba3 --explain"
	refute_output --partial 'PIP surcharge'
}

@test "dba3 moves [QR QS QF TT 2S]: LH, LCm and mounted infantry make a 2nd and 3rd move in good going, each for its PIP; not a 4th, not in rough going, not into contact" {
	printf 'bound 6\nmove LH 4 id=a\nmove LH 4 id=a\nmove LH 4 id=a\nmove LH 4 id=a\nmove LCm 4 id=c\nmove LCm 1 rough id=c\nmove Mtd-4Bw 3 id=m\nmove Mtd-4Bw 3 id=m contact\n' > "$BATS_TEST_TMPDIR/m.txt"
	run -1 move-check --rules=dba3 "$BATS_TEST_TMPDIR/m.txt"
	assert_output "2: ok       LH 4/4 bw, 1 PIP
3: ok       LH 4/4 bw, 1 PIP
4: ok       LH 4/4 bw, 1 PIP
5: illegal  LH 4/4 bw, 1 PIP: moved-twice: 'a' already moved at line 2
6: ok       LCm 4/4 bw, 1 PIP
7: illegal  LCm 1/1 bw, 1 PIP: moved-twice: 'c' already moved at line 6
8: ok       Mtd-4Bw 3/3 bw, 1 PIP
9: illegal  Mtd-4Bw 3/3 bw, 1 PIP: moved-twice: 'm' already moved at line 8
bound 1: 6 PIPs, 5 used, 1 unused"
	# the issue's example: LH twice with one id is legal
	run -0 bash -c "printf 'move LH 4 id=x\nmove LH 4 id=x\n' | move-check --rules=dba3"
	# the further move by the general's element, and its provenance
	run -0 bash -c "printf 'bound 3\nmove LH 4 general\nmove LH 4 general\n' | move-check --rules=dba3 --explain"
	assert_line '   further move 2: QR QS QF TT [2S]; LH, LCm and mounted infantry: a 2nd and a 3rd move entirely in good going, never ending within 1 BW of an enemy; each costs its PIP'
	assert_line 'bound 1: 3 PIPs, 2 used, 1 unused'
	# other troops, and the editions without further moves (D22)
	run -1 bash -c "printf 'move Bd 2 id=b\nmove Bd 2 id=b\n' | move-check --rules=dba3"
	assert_line --partial "moved-twice: 'b' already moved at line 1"
	for r in dba22 dba1; do
		run -1 bash -c "printf 'move LH 500 id=a\nmove LH 500 id=a\n' | move-check --rules=$r"
		assert_line --partial "moved-twice: 'a' already moved at line 1"
	done
}

@test "dba3 moves [QR QS QF TT 2S]: Ps make a 2nd move in the side's first bound, or one ending in rough or bad going not into contact" {
	printf 'bound 6 first\nmove Ps 3 id=p\nmove Ps 3 id=p\nmove Ps 3 id=p\nbound 6\nmove Ps 3 id=q\nmove Ps 3 id=q\nmove Ps 3 id=r\nmove Ps 3 id=r end=rough\nmove Ps 3 id=s\nmove Ps 3 id=s end=bad contact\nmove Ps 3 id=t\nmove Ps 3 id=t end=difficult\n' > "$BATS_TEST_TMPDIR/m.txt"
	run -1 move-check --rules=dba3 "$BATS_TEST_TMPDIR/m.txt"
	assert_output "2: ok       Ps 3/3 bw, 1 PIP
3: ok       Ps 3/3 bw, 1 PIP
4: illegal  Ps 3/3 bw, 1 PIP: moved-twice: 'p' already moved at line 2
bound 1: 6 PIPs, 2 used, 4 unused
6: ok       Ps 3/3 bw, 1 PIP
7: illegal  Ps 3/3 bw, 1 PIP: moved-twice: 'q' already moved at line 6
8: ok       Ps 3/3 bw, 1 PIP
9: ok       Ps 3/3 bw, 1 PIP
10: ok       Ps 3/3 bw, 1 PIP
11: illegal  Ps 3/3 bw, 1 PIP: moved-twice: 's' already moved at line 10
12: ok       Ps 3/3 bw, 1 PIP
13: ok       Ps 3/3 bw, 1 PIP
bound 2: 6 PIPs, 6 used, 0 unused"
}

@test "dba3 PIPs [QF QS QR 2S]: in the side's first bound (bound N first) the troops and command surcharges are not paid; 2.2 [D22] too; XML keeps the mark" {
	printf 'bound 6 first\nmove El 3 far\nmove Art 2 hidden\nbound 6\nmove El 3 far\n' > "$BATS_TEST_TMPDIR/m.txt"
	run -0 move-check --rules=dba3 "$BATS_TEST_TMPDIR/m.txt"
	assert_output '2: ok       El 3/3 bw, 1 PIP
3: ok       Art 2/2 bw, 1 PIP
bound 1: 6 PIPs, 2 used, 4 unused
5: ok       El 3/3 bw, 3 PIP
bound 2: 6 PIPs, 3 used, 3 unused'
	run -0 move-check --rules=dba3 --explain "$BATS_TEST_TMPDIR/m.txt"
	assert_line --index 2 '   PIP cost 1: QR QF UO [2S]'
	assert_line --index 3 --partial '   PIP surcharge +1 El (not paid in the side'"'"'s first bound): QR QF QS TT [2S]'
	run -0 move-check --rules=dba3 -T xml "$BATS_TEST_TMPDIR/m.txt"
	[[ $output == *'<bound file="'*'" line="1" pips="6" first="yes" used="2" unused="4">'* ]]
	read_back
	assert_line --index 2 'bound 1: 6 PIPs, 2 used, 4 unused'
	# 2.2 exempts both surcharges in the first bound, the lost general too
	run -0 bash -c "printf 'bound 6 first general-lost\nmove El 300 far\nbound 6 general-lost\nmove El 300\n' | move-check --rules=dba22"
	assert_output '2: ok       El 300/300 p, 1 PIP
bound 1: 6 PIPs, 1 used, 5 unused
4: ok       El 300/300 p, 3 PIP
bound 2: 6 PIPs, 3 used, 3 unused'
	# 1.x marks no surcharge exempt: the mark changes nothing
	run -0 bash -c "printf 'bound 6 first\nmove El 300 far\n' | move-check"
	assert_line --index 0 '2: ok       El 300/300 p, 3 PIP'
	run -2 --separate-stderr bash -c "printf 'bound 6 first first\nbound 5 frist\n' | move-check"
	assert_equal "$stderr" "move-check: -:1:15: error: duplicate flag 'first'
move-check: -:2:9: error: unknown flag 'frist' (did you mean 'first'?)"
	run -2 --separate-stderr bash -c "printf '<moves><bound pips=\"3\" first=\"maybe\"/></moves>\n' | move-check --rules=dba3"
	assert_equal "$stderr" "move-check: -:1: error: invalid value 'maybe' for 'first' (yes, no)"
}

@test "dba3 PIPs [QR QF QS 2S]: a road move is free only as a full move and an element's first of the bound; further road moves cost a PIP each" {
	run -0 bash -c "printf 'bound 6\nmove Bd 1 road\n' | move-check --rules=dba3"
	assert_output '2: ok       Bd 1/2 bw, 1 PIP
bound 1: 6 PIPs, 1 used, 5 unused'
	printf 'bound 6\nmove Bd 2 road\nmove Bd 2 road id=b\nmove Bd 2 road id=b\nmove Bd 1 id=b\nmove Bd,Bd 2 road column\nmove 3Bd 3 road id=f\nmove 3Bd 3 road id=f\nmove 3Bd 3 road id=f\n' > "$BATS_TEST_TMPDIR/m.txt"
	run -1 move-check --rules=dba3 --explain "$BATS_TEST_TMPDIR/m.txt"
	assert_output "2: ok       Bd 2/2 bw, 0 PIP
   move Bd road 2: QS QF UO TT [2S]; 4Bd
   PIP cost of a road move 0: QR QF QS [2S]; the first move of a bound by a single element or column along a road costs no PIP if it is a full move by road
3: ok       Bd 2/2 bw, 0 PIP
   move Bd road 2: QS QF UO TT [2S]; 4Bd
   PIP cost of a road move 0: QR QF QS [2S]; the first move of a bound by a single element or column along a road costs no PIP if it is a full move by road
4: ok       Bd 2/2 bw, 1 PIP
   move Bd road 2: QS QF UO TT [2S]; 4Bd
   further move 2: QR QS QF [2S]; any element or column moving along a road; each further move costs its PIP
   PIP cost 1: QR QF UO [2S]
5: illegal  Bd 1/2 bw, 1 PIP: moved-twice: 'b' already moved at line 3
   move Bd good going 2: QS QF UO TT [2S]; 4Bd
   PIP cost 1: QR QF UO [2S]
6: ok       Bd,Bd 2/2 bw, 0 PIP
   move Bd road 2: QS QF UO TT [2S]; 4Bd
   PIP cost of a road move 0: QR QF QS [2S]; the first move of a bound by a single element or column along a road costs no PIP if it is a full move by road
7: ok       3Bd 3/3 bw, 0 PIP
   move 3Bd road 3: QS QF TT DA [2S]
   PIP cost of a road move 0: QR QF QS [2S]; the first move of a bound by a single element or column along a road costs no PIP if it is a full move by road
8: ok       3Bd 3/3 bw, 1 PIP
   move 3Bd road 3: QS QF TT DA [2S]
   further move 2: QR QS QF [2S]; any element or column moving along a road; each further move costs its PIP
   PIP cost 1: QR QF UO [2S]
9: ok       3Bd 3/3 bw, 1 PIP
   move 3Bd road 3: QS QF TT DA [2S]
   further move 3: QR QS QF [2S]; any element or column moving along a road; each further move costs its PIP
   PIP cost 1: QR QF UO [2S]
bound 1: 6 PIPs, 3 used, 3 unused"
	# 2.2 [D22]: no free road move, the general's road bonus instead
	run -0 bash -c "printf 'move Bd 400 road\n' | move-check --rules=dba22"
	assert_line --index 0 '1: ok       Bd 400/400 p, 1 PIP'
}

@test "dba3 PIPs [QS QF QR TT 2S; UO other]: command range per type, LH 20 BW even out of sight, from a declared distance; plain far and hidden mean beyond the type's own range" {
	cat > "$BATS_TEST_TMPDIR/m.txt" <<-'EOF'
	move LH 4 far=12
	move Bd 2 far=12
	move LH 4 far=21
	move LH 4 hidden=6
	move Bd 2 hidden=6
	move LH,Bd 2 far=12 column
	move LH 4 far
	move LH 4 far=20
	move Bd 2 far=8
	move LCm 4 hidden=480mm
	EOF
	run -0 move-check --rules=dba3 "$BATS_TEST_TMPDIR/m.txt"
	assert_output '1: ok       LH 4/4 bw, 1 PIP
2: ok       Bd 2/2 bw, 2 PIP
3: ok       LH 4/4 bw, 2 PIP
4: ok       LH 4/4 bw, 1 PIP
5: ok       Bd 2/2 bw, 2 PIP
6: ok       LH,Bd 2/2 bw, 2 PIP
7: ok       LH 4/4 bw, 2 PIP
8: ok       LH 4/4 bw, 1 PIP
9: ok       Bd 2/2 bw, 1 PIP
10: ok       LCm 4/4 bw, 1 PIP
bound 1: no PIP budget, 15 used'
	# the distance goes into the XML and reads back
	run -0 move-check --rules=dba3 -T xml "$BATS_TEST_TMPDIR/m.txt"
	[[ $output == *'troops="LH" distance="4bw" far="12bw" max="4" cost="1"'* ]]
	[[ $output == *'troops="LCm" distance="4bw" hidden="12bw" max="4" cost="1"'* ]]
	read_back
	assert_line --index 2 '3: ok       LH 4/4 bw, 2 PIP'
	# 2.2 [D22]: the edition's distances for every type, more than 1200 p
	run -0 bash -c "printf 'move LH 500 far=1200\nmove LH 500 far=1201\nmove Kn 300 hidden=700\n' | move-check --rules=dba22"
	assert_output '1: ok       LH 500/500 p, 1 PIP
2: ok       LH 500/500 p, 2 PIP
3: ok       Kn 300/300 p, 2 PIP
bound 1: no PIP budget, 5 used'
	run -2 --separate-stderr bash -c "printf 'move Bd 2 far=0\nmove Bd 2 hidden=x\n' | move-check --rules=dba3"
	assert_equal "$stderr" "move-check: -:1:15: error: invalid value '0' for 'far' (a distance from the general above 0)
move-check: -:2:18: error: invalid value 'x' for 'hidden' (a distance from the general above 0)"
}

@test "dba3 battle-scan [QS QF QR TT 2S]: far by each type's command range (LH 20 BW), the plan's 'first' on the bound line, LH moving again as the same id" {
	# a table of 30 BW: Cv 9.5 BW from the general is far, LH 9 BW not,
	# LH 28 BW beyond its own 20
	sed 's/width="15" height="15"/width="30" height="30"/
	    s/id="r6" troop="LH" x="2.5" y="3.75" facing="0"/id="r6" troop="LH" x="6" y="16" facing="0"/
	    s/id="r5" troop="Cv" x="11" y="4.5" facing="0"/id="r5" troop="Cv" x="14" y="14" facing="180"/
	    s/id="b5" troop="LH" x="12.5" y="8.125"/id="b5" troop="LH" x="27" y="28"/' \
	    "$TOP/samples/battle-dba3.xml" > "$BATS_TEST_TMPDIR/f.xml"
	run -0 --separate-stderr battle-scan "$BATS_TEST_TMPDIR/f.xml"
	assert_line '  r5     Cv  14,14 facing 180: good, level 0; general 9.5 bw, far'
	assert_line '  r6     LH  6,16 facing 0: good, level 0; general 9.01 bw'
	assert_line '  b5     LH  27,28 facing 180: good, level 0; general 28.27 bw, far'
	printf 'first\nmove r6 fwd 2\nmove r6 fwd 2\nmove r6 fwd 2\nmove r5 fwd 1\n' > "$BATS_TEST_TMPDIR/p.txt"
	run -0 battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p.txt" "$BATS_TEST_TMPDIR/f.xml"
	assert_line --index 1 'bound 4 first'
	assert_line 'move Cv 1 id=r5 far'
	run -0 bash -c 'battle-scan -T moves --plan="$1" "$2" | move-check --rules=dba3' _ "$BATS_TEST_TMPDIR/p.txt" "$BATS_TEST_TMPDIR/f.xml"
	assert_output '4: ok       LH 2/4 bw, 1 PIP
6: ok       LH 2/4 bw, 1 PIP
8: ok       LH 2/4 bw, 1 PIP
10: ok       Cv 1/4 bw, 1 PIP
bound 1: 4 PIPs, 4 used, 0 unused'
	# not the first bound: the far Cv pays the command surcharge
	sed -i 1d "$BATS_TEST_TMPDIR/p.txt"
	run -0 bash -c 'battle-scan -T moves --plan="$1" "$2" | move-check --rules=dba3 | tail -2' _ "$BATS_TEST_TMPDIR/p.txt" "$BATS_TEST_TMPDIR/f.xml"
	assert_output '10: illegal  Cv 1/4 bw, 2 PIP: no-pips: costs 2 PIP, 1 left
bound 1: 4 PIPs, 3 used, 1 unused'
	# another group with a member that moved: refused as before
	printf 'move r6 fwd 1\nmove r1,r2 fwd 0.5\nmove r1 fwd 0.5\n' > "$BATS_TEST_TMPDIR/p.txt"
	run -2 --separate-stderr battle-scan -T moves --plan="$BATS_TEST_TMPDIR/p.txt" "$BATS_TEST_TMPDIR/f.xml"
	assert_equal "$stderr" "battle-scan: $BATS_TEST_TMPDIR/p.txt:3:6: error: element 'r1' moves twice in the bound (first at line 2)"
	# 2.2 [D22]: every repeat is refused
	run -2 --separate-stderr bash -c 'printf "move r1 fwd 100\nmove r1 fwd 100\n" | battle-scan -T moves --plan=- "$1"' _ "$TOP/samples/battle-river.xml"
	[[ $stderr == *"error: element 'r1' moves twice in the bound (first at line 1)"* ]]
}
