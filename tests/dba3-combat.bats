#!/usr/bin/env bats
# DBA 3.0 combat details: mounted infantry fight as their bow type, CP,
# Lit and CWg win as solid Blades, camp and city assaults.  Each test
# names the source tags of the rows of formats/dba3.xml it checks.
load helpers/common

@test "dba3 combat [TT QS X; DA other]: mounted infantry fight as their bow type (foot): the factor against them, who they kill and who kills them" {
	printf 'Kn vs Mtd-4Bw\n6Kn vs Mtd-4Bw\nMtd-4Bw vs Bw dice 3 1\nCv vs Mtd-4Bw dice 3 1\nAx vs Mtd-3Bw difficult dice 2 2\nAx vs Mtd-3Bw dice 2 2\nMtd-4Lb vs Kn dice 3 4\nMtd-3Bw vs Ps dice 5 1\n' > "$BATS_TEST_TMPDIR/c.txt"
	run -0 combat-calc --rules=dba3 "$BATS_TEST_TMPDIR/c.txt"
	assert_output '1: Kn 3 = 3  vs  Mtd-4Bw 4 = 4
2: 6Kn 3 +1 double = 4  vs  Mtd-4Bw 4 = 4
3: Mtd-4Bw 2 = 2  vs  Bw 2 = 2
   dice 3 1: 5 vs 3, Bw (2) beaten -> recoil
4: Cv 3 = 3  vs  Mtd-4Bw 4 = 4
   dice 3 1: 6 vs 5, Mtd-4Bw beaten -> destroyed
5: Ax 3 = 3  vs  Mtd-3Bw 2 = 2
   dice 2 2: 5 vs 4, Mtd-3Bw beaten -> destroyed
6: Ax 3 = 3  vs  Mtd-3Bw 2 = 2
   dice 2 2: 5 vs 4, Mtd-3Bw beaten -> recoil
7: Mtd-4Lb 4 = 4  vs  Kn 3 = 3
   dice 3 4: 7 vs 7, Kn draw -> destroyed
8: Mtd-3Bw 2 = 2  vs  Ps 2 = 2
   dice 5 1: 7 vs 3, Ps doubled -> destroyed'
	run -0 bash -c "printf 'Kn vs Mtd-4Bw\n' | combat-calc --rules=dba3 --explain"
	assert_line '   sub-type Mtd-4Bw = Bw: TT QS DA [X]; other: DA (2025): mounted in combat too; mounted infantry: they move as mounted (DA) and fight as their bow type, foot (TT, QS: two sources that state the combat rule, against a list tool'"'"'s flag); 2nd and 3rd moves in good going'
	# they still move as mounted: 3 BW in good going, further moves
	run -0 bash -c "printf 'move Mtd-4Bw 3 id=m\nmove Mtd-4Bw 3 id=m\n' | move-check --rules=dba3"
	assert_line --index 1 '2: ok       Mtd-4Bw 3/3 bw, 1 PIP'
}

@test "dba3 combat [TT 1S]: CP, Lit and CWg win as solid Blades: Kn, HCh and Cm destroyed on an equal score, LH and LCm doubled by them flee outside bad going" {
	printf 'CP vs Kn dice 3 3\nLit vs HCh dice 3 3\nCWg vs Cm dice 3 3\nCP vs 4Kn dice 3 3\nCP vs LH dice 6 1\nCP vs LH bad dice 6 1\nLit vs LCm dice 4 1\nCWg vs LH dice 2 1\nCP vs Ps dice 6 1\n' > "$BATS_TEST_TMPDIR/c.txt"
	run -0 combat-calc --rules=dba3 "$BATS_TEST_TMPDIR/c.txt"
	assert_output '1: CP 3 = 3  vs  Kn 3 = 3
   dice 3 3: 6 vs 6, Kn draw -> destroyed
2: Lit 3 = 3  vs  HCh 3 = 3
   dice 3 3: 6 vs 6, HCh draw -> destroyed
3: CWg 3 = 3  vs  Cm 3 = 3
   dice 3 3: 6 vs 6, Cm draw -> destroyed
4: CP 3 = 3  vs  4Kn 3 = 3
   dice 3 3: 6 vs 6, 4Kn draw -> destroyed
5: CP 3 = 3  vs  LH 2 = 2
   dice 6 1: 9 vs 3, LH doubled -> flee
6: CP 3 = 3  vs  LH 2 -2 difficult = 0
   dice 6 1: 9 vs 1, LH doubled -> destroyed
7: Lit 3 = 3  vs  LCm 2 = 2
   dice 4 1: 7 vs 3, LCm doubled -> flee
8: CWg 3 = 3  vs  LH 2 = 2
   dice 2 1: 5 vs 3, LH beaten -> recoil
9: CP 5 = 5  vs  Ps 2 = 2
   dice 6 1: 11 vs 3, Ps doubled -> flee'
	run -0 bash -c "printf 'CP vs Kn dice 3 3\n' | combat-calc --rules=dba3 --explain"
	assert_line '   outcome Kn draw -> destroyed: TT [1S]; CP, Lit and CWg win as solid Blades'
	# as the Blades they fight like (UO TT: Kn destroyed by Bd on an equal score)
	run -0 bash -c "printf 'Bd vs Kn dice 3 3\nBd vs LH dice 6 1\n' | combat-calc --rules=dba3"
	assert_line --index 1 '   dice 3 3: 6 vs 6, Kn draw -> destroyed'
	assert_line --index 3 '   dice 6 1: 9 vs 3, LH doubled -> flee'
	# 2.2 [D22]: Lit fight as War Wagons, Kn recoil on an equal score
	run -0 bash -c "printf 'Lit vs Kn dice 2 3\n' | combat-calc --rules=dba22"
	assert_line --index 1 '   dice 2 3: 6 vs 6, draw'
}

@test "dba3 combat [QS TT 2S; TT 1S]: assaulting a camp, city or fort: -1 for each 2nd and 3rd attacker (attackers=N), the attackers' factor against foot, no overlap on a camp defender" {
	printf 'El attacks-camp vs Cv camp\nKn vs Bd camp attackers=3 dice 3 3\nBd vs CF camp attackers=2\nWb vs Bd bua attackers=2\n6Kn vs Bd camp\nKn vs Bd camp attackers=1\n' > "$BATS_TEST_TMPDIR/c.txt"
	run -0 combat-calc --rules=dba3 "$BATS_TEST_TMPDIR/c.txt"
	assert_output '1: El 5 = 5  vs  Cv 3 = 3
2: Kn 3 = 3  vs  Bd 3 +2 camp -2 assault = 3
   dice 3 3: 6 vs 6, Kn draw -> destroyed
3: Bd 5 = 5  vs  CF 2 +2 camp -1 assault = 3
4: Wb 3 = 3  vs  Bd 5 +4 bua -1 assault = 8
5: 6Kn 3 = 3  vs  Bd 3 +2 camp = 5
6: Kn 3 = 3  vs  Bd 3 +2 camp = 5'
	run -0 bash -c "printf 'Bd vs CF camp attackers=2\n' | combat-calc --rules=dba3 --explain"
	assert_line '   factor CF -1 assault: QS TT [2S]; the defender of a city, fort or camp: -1 for each 2nd and 3rd assaulting enemy still in contact (QS, TT); the attackers, at most 3 (not SCh), fight in turn with their factor against foot, and no overlap counts against the defender (TT, 1S)'
	# the flag in XML, and read back
	run -0 bash -c "printf 'Kn vs Bd camp attackers=2\n' | combat-calc --rules=dba3 -T xml"
	[[ $output == *'<side troop="Bd" camp="yes" attackers="2" class="foot" factor="3" total="4">'* ]]
	[[ $output == *'<mod reason="assault" value="-1"/>'* ]]
	printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/c.xml"
	validate combat.rng "$BATS_TEST_TMPDIR/c.xml"
	run -0 combat-calc --rules=dba3 "$BATS_TEST_TMPDIR/c.xml"
	assert_output '1: Kn 3 = 3  vs  Bd 3 +2 camp -1 assault = 4'
	run -2 --separate-stderr bash -c "printf 'Kn vs Bd camp overlap\nKn vs Bd attackers=2\nKn vs Bd camp attackers=4\n' | combat-calc --rules=dba3"
	assert_equal "$stderr" "combat-calc: -:1:15: error: flag 'overlap' on a camp defender (a camp has no flanks)
combat-calc: -:2:10: error: 'attackers' without 'camp' or 'bua'
combat-calc: -:3:25: error: invalid value '4' for 'attackers' (1-3)"
	# 2.2 [D22]: no assault factor; the attacker's factor by the
	# defender's class, overlaps on a camp defender count
	run -0 bash -c "printf 'Kn attacks-camp vs Cv camp\nKn vs Bd camp overlap\n' | combat-calc --rules=dba22"
	assert_output '1: Kn 4 = 4  vs  Cv 3 = 3
2: Kn 3 = 3  vs  Bd 3 +2 camp -1 overlap = 4'
	run -0 bash -c "printf 'Kn attacks-camp vs Cv camp\n' | combat-calc --rules=dba3"
	assert_output '1: Kn 3 = 3  vs  Cv 3 = 3'
	run -2 --separate-stderr bash -c "printf 'Kn vs Bd camp attackers\n' | combat-calc"
	assert_equal "$stderr" "combat-calc: -:1:15: error: 'attackers' without 'camp' or 'bua' (no assault factor in dba1)"
}

@test "dba3 battle-scan [QS TT 2S; TT 1S]: a camp defender's combat lines count its attackers, and no Bow overlaps it; 1.x keeps the Bow overlap" {
	cat > "$BATS_TEST_TMPDIR/f.xml" <<-'EOF'
	<battlefield version="1" width="2400" height="2400" unit="p">
	<camp side="blue"><point x="900" y="800"/><point x="1500" y="800"/><point x="1500" y="1100"/><point x="900" y="1100"/></camp>
	<side name="red" pips="4">
	<element id="r1" troop="Bd" x="1120" y="800" facing="0"/>
	<element id="r2" troop="Bd" x="1280" y="800" facing="0"/>
	</side>
	<side name="blue" pips="3">
	<element id="b1" troop="CF" x="1200" y="800" facing="180"/>
	</side>
	</battlefield>
	EOF
	run -0 bash -c 'battle-scan -T combat --rules=dba3 "$1" | combat-calc --rules=dba3' _ "$BATS_TEST_TMPDIR/f.xml"
	assert_output '3: CF 2 +2 camp -1 assault = 3  vs  Bd 5 = 5
5: CF 2 +2 camp -1 assault = 3  vs  Bd 5 = 5'
	run -0 battle-scan -T combat "$BATS_TEST_TMPDIR/f.xml"
	assert_line --index 2 'CF camp vs Bd attacks-camp'
	# one Bd in front, a Bw at its corner: an overlap in 1.x, none in 3.0
	sed -i 's/id="r1" troop="Bd" x="1120"/id="r1" troop="Bd" x="1200"/; s/id="r2" troop="Bd" x="1280"/id="r2" troop="Bw" x="1360"/' "$BATS_TEST_TMPDIR/f.xml"
	run -0 battle-scan -T combat "$BATS_TEST_TMPDIR/f.xml"
	assert_line --index 2 'CF camp overlap vs Bd attacks-camp'
	run -0 battle-scan -T combat --rules=dba3 "$BATS_TEST_TMPDIR/f.xml"
	assert_line --index 2 'CF camp vs Bd attacks-camp'
}
