#!/usr/bin/env bats
# refcard-render: options, HTML and PDF cards, the rules data as the one
# source of the numbers, every error path.
load helpers/common

ARMIES=fixtures/refcard/armies.xml

need_pdf() {
	command -v pdfinfo >/dev/null || skip "pdfinfo (poppler-utils) is missing"
}

# html_ok FILE: the HTML parses (HTML5 tags unknown to libxml2's HTML 4
# parser are the only messages allowed) and is well-formed XML.
html_ok() {
	xmllint --html --noout "$1" 2>"$BATS_TEST_TMPDIR/lint" || return 1
	# each message is followed by its context line and a caret line
	if awk '/Tag section invalid/ { skip = 2; next }
	    skip > 0 { skip--; next } { print }' \
	    "$BATS_TEST_TMPDIR/lint" | grep -q .; then
		cat "$BATS_TEST_TMPDIR/lint"
		return 1
	fi
	xmllint --noout "$1"
}

# cell FILE XPATH: the text of a cell of the (well-formed) HTML.
cell() {
	xmllint --xpath "string($2)" "$1"
}

# fact FILE ID KEY: the value of fact KEY in the facts strip of army ID's
# card ("Zeit um 1200 v. Chr. · Gelände ...": "um 1200 v. Chr."; a key
# and its value, a dot and the key after it, are joined by no-break
# spaces).
fact() {
	cell "$1" "substring-before(concat(substring-after(//section[@data-id='$2']//p[@class='strip'], '$3 '), ' · '), ' · ')"
}

# cells FILE XPATH...: the string of each XPATH in FILE, a line each,
# from one xmllint (cell starts one a value).
cells() {
	local f=$1
	shift
	printf 'xpath string(%s)\n' "$@" | xmllint --shell "$f" |
	    sed -n 's/^\/ > Object is a string : //p'
}

# texts FILE XPATH...: the string of each XPATH in FILE, a line each
# (the whole string, where cells cuts it short).
texts() {
	local f=$1
	shift
	for x in "$@"; do
		cell "$f" "$x"
	done
}

# not_blank FILE.pdf: every page has ink.
not_blank() {
	local n i pgm h
	n=$(pdfinfo "$1" | sed -n 's/^Pages: *//p')
	for i in $(seq 1 "$n"); do
		pdftoppm -gray -r 30 -f "$i" -l "$i" -singlefile "$1" "$BATS_TEST_TMPDIR/pg" || return 1
		pgm=$BATS_TEST_TMPDIR/pg.pgm
		h=$(head -n 3 "$pgm" | wc -c)
		[ "$(tail -c +$((h + 1)) "$pgm" | tr -d '\377' | wc -c)" -gt 100 ] ||
		    { echo "page $i of $1 is blank"; return 1; }
	done
}

@test "refcard-render: an unknown option suggests the nearest one" {
	run -3 --separate-stderr refcard-render --papr=a4
	assert_equal "$stderr" "refcard-render: unknown option '--papr=a4' (did you mean '--paper'?)
Try 'refcard-render --help' for more information."
	run -3 --separate-stderr refcard-render --cardz=rules
	assert_equal "${stderr%%$'\n'*}" "refcard-render: unknown option '--cardz=rules' (did you mean '--cards'?)"
	# getopt_long takes an unambiguous abbreviation
	run -0 refcard-render --card=rules
	assert_line --partial 'data-id="combat"'
	run -3 --separate-stderr refcard-render -x
	assert_equal "${stderr%%$'\n'*}" "refcard-render: unknown option '-x'"
	assert_output ''
}

@test "refcard-render: bad option values are usage errors" {
	run -3 --separate-stderr refcard-render -T svg
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'svg' for --format (valid: html, pdf)"
	run -3 --separate-stderr refcard-render --paper=a3
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'a3' for --paper (valid: a6, a5, a4, letter)"
	run -3 --separate-stderr refcard-render --lang=fr
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'fr' for --lang (valid: en, de, ru)"
	run -3 --separate-stderr refcard-render --cards=army,maps
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value 'maps' for --cards (valid: army, rules, campaign, matchup)"
	run -3 --separate-stderr refcard-render --cards=
	assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value '' for --cards (a list of: army, rules, campaign, matchup)"
	run -3 --separate-stderr refcard-render -o
	assert_equal "${stderr%%$'\n'*}" "refcard-render: option '-o' needs a value"
	run -3 --separate-stderr refcard-render --rules=dba2 /dev/null
	assert_equal "${stderr%%$'\n'*}" "refcard-render: unknown rules edition 'dba2' (dba1, dba22, dba3, or a rules XML file)"
	run -3 --separate-stderr refcard-render --cards=rules "$ARMIES"
	assert_equal "${stderr%%$'\n'*}" "refcard-render: file operands need the army cards (--cards=army,...)"
	assert_output ''
}

@test "refcard-render: PDF is not written to a terminal" {
	command -v script >/dev/null || skip "script(1) is missing"
	script -qec "test -t 1" /dev/null >/dev/null 2>&1 ||
	    skip "script(1) gets no terminal here (no pseudo-terminals)"
	run script -qec "refcard-render -T pdf --cards=rules" /dev/null
	[[ $output == *"not writing PDF to a terminal (use -o FILE)"* ]]
}

@test "refcard-render: every EXAMPLE of the man page, with its status" {
	need_pdf
	# the last: an army not in the input is bad input, 2 (EXIT STATUS)
	man_examples refcard-render.1 0 0 0 0 0 0 0 0 2
}

@test "refcard-render: army cards in HTML, English, German, Russian" {
	for l in en de ru; do
		run -0 --separate-stderr refcard-render --lang=$l "$ARMIES"
		golden refcard/armies-$l.html
		assert_equal "$stderr" ""
		echo "$output" > "$BATS_TEST_TMPDIR/c.html"
		html_ok "$BATS_TEST_TMPDIR/c.html"
		[ "$(grep -c '<section class="card[ a-z]*"\( style="[^"]*"\)\? data-kind="army"' <<<"$output")" -eq 3 ]
	done
}

@test "refcard-render: the HTML holds the expected cells" {
	f=$BATS_TEST_TMPDIR/c.html
	refcard-render --lang=de "$ARMIES" > "$f"
	html_ok "$f"
	row='//section[@data-id="66a"]//tbody/tr[td[1]="Pk"]'
	assert_equal "$(cell "$f" "$row/td[2]")" "Piken"
	assert_equal "$(cell "$f" "$row/td[3]")" "6"
	assert_equal "$(cell "$f" "$row/td[4]")" "3"
	assert_equal "$(cell "$f" "$row/td[5]")" "4"
	assert_equal "$(cell "$f" "$row/td[6]")" "200"
	# with the 2.2 rules 66a is set tight: its notes below the table,
	# each led by the code
	refcard-render --lang=de --rules=dba22 "$ARMIES" > "$BATS_TEST_TMPDIR/22.html"
	[[ $(cell "$BATS_TEST_TMPDIR/22.html" '//section[@data-id="66a"]//div[@class="notes"]/p[b="Pk"]') == *"Unterstützung +3"* ]]
	row='//section[@data-id="III/17"]//tbody/tr[td[1]="Re"]'
	assert_equal "$(cell "$f" "$row/td[3]")" "4–6"
	[[ $(cell "$f" "$row/td[9]") == Befehlshaber* ]]
	row='//section[@data-id="7"]//tbody/tr[td[1]="Kw"]'
	assert_equal "$(cell "$f" "$row/td[7]")" "–"
	assert_equal "$(cell "$f" "//section[@data-id='7']/h1")" "7 Армия & <проба>"
	assert_equal "$(fact "$f" 7 Zeit)" "um 1200 v. Chr. – 200 n. Chr."
	assert_equal "$(cell "$f" "//section[@data-id='66a']//tr[th='Elemente']/td")" "1x Ri (Befehlshaber), 1x Re, 1x LR, 1x Hi, 6x Pk, 1x Pl, 1x Sp oder Hi oder Pl oder Art"
}

@test "refcard-render: a period of one year is one year (c. 1200 BC)" {
	sed 's|<period from="-1200" to="200" approx="yes">um 1200 v.Chr. - 200 n.Chr.</period>|<period from="-1200" to="-1200" approx="yes">um 1200 v.Chr.</period>|' "$ARMIES" > "$BATS_TEST_TMPDIR/one.xml"
	for l in "en Period c. 1200 BC" "de Zeit um 1200 v. Chr." "ru Период ок. 1200 до н. э."; do
		set -- $l
		refcard-render --lang=$1 --army=7 "$BATS_TEST_TMPDIR/one.xml" > "$BATS_TEST_TMPDIR/c.html"
		assert_equal "$(fact "$BATS_TEST_TMPDIR/c.html" 7 "$2")" "${l#* * }"
	done
}

@test "refcard-render: army cards show the troops as written (HCh, Cb)" {
	armylist-parse fixtures/armylist-parse/written.txt > "$BATS_TEST_TMPDIR/w.xml"
	for l in en de; do
		refcard-render --lang=$l "$BATS_TEST_TMPDIR/w.xml" > "$BATS_TEST_TMPDIR/$l.html"
	done
	assert_equal "$(cell "$BATS_TEST_TMPDIR/en.html" "//section[@data-id='I/1b']//tr[th='Elements']/td")" "1xHCh (Gen), 2x6Kn or LCh, 1x8Bw, 1x7Hd, 2x4Cb or 4Lb, 1x3/4Ax, 1x3Kn//4Bd, 1xHCh//4Cb (tower), 2x2Ps"
	assert_equal "$(cell "$BATS_TEST_TMPDIR/de.html" "//section[@data-id='I/1b']//tr[th='Elemente']/td")" "1x Ri [HCh] (Befehlshaber), 2x 6Ri oder Re [LCh], 1x 8Bo, 1x 7Ho, 2x 4Bo [Cb] oder 4Bo [Lb], 1x 3/4Hi, 1x 3Ri//4Kl, 1x Ri//4Bo [HCh//Cb] (Turm), 2x 2Pl"
	# the table of troop types keeps the rules codes
	assert_equal "$(cell "$BATS_TEST_TMPDIR/en.html" "//section[@data-id='I/1b']//tbody/tr[td[1]='Kn']/td[1]")" "Kn"
	run -1 grep '<td>HCh</td>' "$BATS_TEST_TMPDIR/en.html"
}

@test "refcard-render: HTML is self-contained, print CSS sets the paper" {
	for p in "a6 148mm 105mm" "a5 210mm 148mm" "a4 210mm 297mm" "letter 8.5in 11in"; do
		set -- $p
		run -0 refcard-render --paper=$1 --cards=rules
		assert_line --partial "@page { size: $2 $3;"
	done
	refute_output --partial '<script'
	refute_output --partial 'src='
	refute_output --partial 'http'
	refute_output --partial '<link'
	assert_line --partial 'break-after: page'
	assert_line --index 0 '<!DOCTYPE html>'
}

@test "refcard-render: --cards picks and orders the cards" {
	run -0 --separate-stderr refcard-render --cards=rules,army,rules "$ARMIES"
	kinds=$(grep -o 'data-kind="[a-z]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')
	assert_equal "$kinds" 'data-kind="rules" data-id="combat" data-kind="rules" data-id="movement" data-kind="rules" data-id="outcomes" data-kind="army" data-id="66a" data-kind="army" data-id="III/17" data-kind="army" data-id="7" '
	run -0 --separate-stderr refcard-render --cards=campaign
	kinds=$(grep -o 'data-kind="[a-z]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')
	assert_equal "$kinds" 'data-kind="campaign" data-id="catastrophe" data-kind="campaign" data-id="survival" '
}

@test "refcard-render: the rules cards, golden, in three languages" {
	for l in en de ru; do
		run -0 --separate-stderr refcard-render --lang=$l --cards=rules
		golden refcard/rules-$l.html
		echo "$output" > "$BATS_TEST_TMPDIR/r.html"
		html_ok "$BATS_TEST_TMPDIR/r.html"
	done
}

@test "refcard-render: the rules cards say what formats/dba1.xml says" {
	f=$BATS_TEST_TMPDIR/r.html
	refcard-render --lang=en --cards=rules > "$f"
	t="//section[@data-id='combat']//table[thead/tr/th='Factor']//tr"
	assert_equal "$(cell "$f" "$t[td[2]='+1'][1]/td[1]")" "general in close combat or shot at"
	assert_equal "$(cell "$f" "$t[td[2]='−1'][4]/td[1]")" "each further shooter, no. 2–3"
	assert_equal "$(cell "$f" "$t[td[2]='−2'][1]/td[1]")" "in close combat in difficult going"
	assert_equal "$(cell "$f" "$t[td[2]='−2'][2]/td[1]")" "they or their opponent in difficult going"
	t="//section[@data-id='combat']//table[@class='facts']//tr"
	# <support>: the losses of support are those of Pk and Sp behind the
	# same type; Psiloi support is for mounted foes and camp attacks
	assert_equal "$(cell "$f" "//section[@data-id='combat']/p[1]")" "Sp, Pk: same-type support lost in difficult going, attacking a camp, shot at; contact with Art, Bw"
	t="//section[@data-id='combat']//table[thead/tr/th='behind']//tbody/tr"
	assert_equal "$(cells "$f" "$t[1]" "$t[2]")" "SpSp+1
PkPk+3"
	assert_equal "$(cell "$f" "$t[3]")" "Bd, SpPs+1only vs mounted or attacking a camp"
	t="//section[@data-id='combat']//table[thead/tr/th='Factor']//tr"
	assert_equal "$(cell "$f" "$t[td[2]='+1'][3]")" "defending a river bank, not at a road ford or bridge; river roll 1, 2+1all"
	t="//section[@data-id='movement']"
	assert_equal "$(cell "$f" "$t//tr[th='may not move into contact']/td")" "WWg, Art"
	assert_equal "$(cell "$f" "$t//tr[th='Far from the general']/td")" "+1 (≥ 1200; out of sight ≥ 600)"
	assert_equal "$(cell "$f" "$t//tr[th=\"General's element removed\"]/td")" "+1"
	# <road-bonus>: the road bonus is for unused PIPs and the general's
	# element or group only
	assert_equal "$(cell "$f" "$t//tr[starts-with(th,'Road')]")" "Road bonus+100 paces per unused PIP; only the general's element or group, moving all the way along a road"
	assert_equal "$(cell "$f" "$t//tr[starts-with(th,'Move with')]")" "Move with El+1"
	assert_equal "$(cell "$f" "$t//table[thead/tr/th='Range']//tr[td[1]='Art']/td[3]")" "500†"
	assert_equal "$(cell "$f" "$t//p")" "† reconstructed: not from the rules text"
	t="//section[@data-id='outcomes']"
	# a reconstructed row does not repeat the default line under it
	assert_equal "$(cell "$f" "$t//tbody/tr[2]/td[2]")" "default outcomes†; doubled by Sp, Pk: flee"
	assert_equal "$(cell "$f" "$t//tbody/tr[3]/td[2]")" "doubled: flee†; doubled by mounted, WWg, Bw: destroyed"
	assert_equal "$(cell "$f" "$t//tbody/tr[1]/td[1]")" "Kn"
	assert_equal "$(cell "$f" "$t//tbody/tr[1]/td[2]")" "beaten by LH, El: destroyed; beaten by SCh: destroyed†"
	assert_equal "$(cell "$f" "$t//p[1]")" "Unless noted: beaten: recoil, doubled: destroyed"
	assert_equal "$(cell "$f" "$t//p[2]")" "† reconstructed: not from the rules text"
	refcard-render --lang=de --cards=rules > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[th='Fern vom Befehlshaber']/td")" "+1 (≥ 1200; außer Sicht ≥ 600)"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[starts-with(th,'Straße')]/td")" "+100 Schritt je ungenutztem PIP; nur Element oder Gruppe des Befehlshabers, ganze Bewegung auf der Straße"
	assert_equal "$(cell "$f" "//section[@data-id='combat']//tr[starts-with(td[1],'verteidigt Flussufer')]")" "verteidigt Flussufer, nicht an Straßenfurt oder Brücke; Flusswurf 1, 2+1alle"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[th='PIP-Wurf']/td")" "1W6"
	assert_equal "$(cell "$f" "//section[@data-id='combat']/p[1]")" "Sp, Pk: Stütze gleichen Typs entfällt in schwierigem Gelände, bei Lagerangriff, wenn beschossen; Kontakt mit Art, Bo"
	assert_equal "$(cell "$f" "//section[@data-id='outcomes']//p[2]")" "† rekonstruiert: nicht aus dem Regeltext der Vorlage"
	refcard-render --lang=ru --cards=rules > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[th='Далеко от полководца']/td")" "+1 (≥ 1200; вне видимости ≥ 600)"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[th='Бросок ПИП']/td")" "1к6"
	assert_equal "$(cell "$f" "//section[@data-id='movement']//tr[starts-with(th,'Бонус дороги')]/td")" "+100 шагов за каждый неиспользованный ПИП; только элемент или группа полководца, весь ход по дороге"
	assert_equal "$(cell "$f" "//section[@data-id='combat']//tr[starts-with(td[1],'обороняет берег')]")" "обороняет берег реки, не у брода на дороге и не у моста; бросок для реки 1, 2+1все"
	[[ $(cell "$f" "//section[@data-id='outcomes']//p[2]") == "† реконструировано"* ]]
}

@test "refcard-render: the 2.2 rules cards: BUA, Art in shooting, PIP troops, Psiloi as combat-calc has it" {
	f=$BATS_TEST_TMPDIR/r.html
	refcard-render --lang=de --rules=dba22 --cards=rules > "$f"
	t="//section[@data-id='combat']"
	assert_equal "$(cell "$f" "$t//tr[td[1]='verteidigt bebauten Bereich']")" "verteidigt bebauten Bereich+3*Fußtruppen"
	# the shooting pair in a column of its own
	assert_equal "$(cell "$f" "$t//tbody/tr[td[1]='Art']")" "ArtArtillerie224"
	assert_equal "$(cell "$f" "$t//thead/tr/th[5]")" "Beschuss"
	# dba22.xml <support>: Psiloi support is for Sp, Bd, Ax against mounted, up to
	# three; no camp attack, as combat-calc --rules=dba22 counts it
	assert_equal "$(cell "$f" "$t//tr[td[2]='Pl']")" "Kl, Sp, HiPl+1nur gegen Berittene; stützt bis zu 3"
	assert_equal "$(cell "$f" "$t//tr[td[1]='Sp'][td[2]='Sp']")" "SpSp+1*nur gegen Ri, Sp; nur in offenem Gelände"
	run -0 bash -c "printf 'Bd psiloi attacks-camp vs CF\nBd psiloi vs Cv\n' | combat-calc --rules=dba22"
	assert_output "1: Bd 5 (psiloi support lost: not vs this enemy) = 5  vs  CF 1 = 1
2: Bd 3 +1 psiloi = 4  vs  Cv 3 = 3"
	# the 1.x Psiloi support (dba1.xml) counts on a camp attack, on card and
	# in combat-calc alike
	run -0 bash -c "echo 'Bd psiloi attacks-camp vs CF' | combat-calc"
	assert_output "1: Bd 5 +1 psiloi = 6  vs  CF 1 = 1"
	# dba22.xml <pips>: the surcharge of El, Hd, WWg and Art, none in the first bound
	t="//section[@data-id='movement']"
	assert_equal "$(cell "$f" "$t//tr[starts-with(th,'Zug mit')]")" "Zug mit El, Kw, Art, Ho+1* (nicht im ersten Zug einer Seite)"
	refcard-render --lang=en --rules=dba22 "$ARMIES" > "$f"
	# the card's notes go below its table, flowing round it
	[[ $(cell "$f" "//section[@data-id='66a']//div[@class='notes']/p[b='Art']") == "Art shoots 500 p (shooting 4/4);"* ]]
}

@test "refcard-render: an overlap and flank limit only where the edition's data gives one" {
	# formats/dba1.xml gives no limit for 1.x: the card says the
	# limit of the rules table when it has one, and nothing else
	f=$BATS_TEST_TMPDIR/r.html
	for e in dba1 dba22; do
		lim=$(xmllint --xpath 'string(//*[local-name()="limit"][@name="overlap-and-flank"]/@value)' "$TOP/formats/$e.xml")
		refcard-render --lang=de --rules=$e --cards=rules > "$f"
		got=$(cell "$f" "//section[@data-id='combat']//tr[td[1]='Überflügelung + Flanke höchstens']")
		if [ -n "$lim" ]; then
			assert_equal "$got" "Überflügelung + Flanke höchstens−$lim"
		else
			assert_equal "$got" ""
		fi
	done
	# a table that gives one: a limit of 3 put before the counts of 2.2
	sed 's/^    <count flag="overlap"/    <limit name="overlap-and-flank" value="3"\/>\n&/' "$TOP/formats/dba22.xml" > "$BATS_TEST_TMPDIR/r.xml"
	grep -q '<limit name="overlap-and-flank" value="3"/>' "$BATS_TEST_TMPDIR/r.xml"
	refcard-render --lang=en --rules="$BATS_TEST_TMPDIR/r.xml" --cards=rules > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='combat']//tr[td[1]='overlap + flank at most']")" "overlap + flank at most−3"
}

@test "refcard-render: the campaign cards say what formats/catastrophe.xml and survival-table.xml say, in the table's words" {
	f=$BATS_TEST_TMPDIR/c.html
	refcard-render --lang=en --cards=campaign > "$f"
	assert_equal "$(cell "$f" "//section[@data-id='catastrophe']//tr[td[1]='18']/td[3]")" "strategy halved (round up), morale all −5, commander killed"
	t="//section[@data-id='survival']//table[1]//tbody"
	assert_equal "$(cell "$f" "$t/tr[1]/td[2]")" "Unhurt"
	assert_equal "$(cell "$f" "$t/tr[7]/td[1]")" "≤ −7 or critical failure"
	assert_equal "$(cell "$f" "$t/tr[7]/td[2]")" "Column D"
	for l in de ru; do
		refcard-render --lang=$l --cards=campaign > "$f"
		for code in unhurt hit1 hit2; do
			run -1 grep "<td>$code</td>" "$f"
		done
	done
	assert_equal "$(cell "$f" "$t/tr[2]/td[2]")" "1 хит"
	refcard-render --lang=de --cards=campaign > "$f"
	assert_equal "$(cell "$f" "$t/tr[1]/td[2]")" "Unverletzt"
}

@test "refcard-render: the campaign cards write dice, TS and DR one way per language" {
	f=$BATS_TEST_TMPDIR/c.html
	d="//section[@data-id='survival']//table[2]//tbody"
	c="//section[@data-id='catastrophe']//tbody"
	refcard-render --lang=en --cards=campaign > "$f"
	assert_equal "$(texts "$f" "//section[@data-id='survival']/h1" "$d/tr[1]" "$d/tr[4]" "$c/tr[td[1]='16']/td[3]" "//section[@data-id='survival']/p")" "Campaign: Survival (3d6)
0–31d6+22 × (1d6+2)2 × (2d6+2)3 × (2d6+2)
10–13(TL)d62 × (TL)d62 × (2·TL)d63 × (2·TL)d6DR/2
strategy −2, morale all −3, commander wounded, damage 2d6
DR/n: the damage resistance (armour, Toughness) counts divided by n"
	refcard-render --lang=de --cards=campaign > "$f"
	assert_equal "$(texts "$f" "//section[@data-id='catastrophe']/h1" "$d/tr[2]" "$c/tr[td[1]='10']/td[3]" "//section[@data-id='survival']/p")" "Feldzug: Katastrophe (3W6)
4–7(TL/2)W62 × (TL/2)W62 × (TL)W63 × (TL)W6
TS des Feindes +10%
SR/n: der Schadenswiderstand (Rüstung, Zähigkeit) zählt geteilt durch n"
	# Russian: Войсковая Сила is ВС, the die к, the tech level ТУ
	refcard-render --lang=ru --cards=campaign > "$f"
	assert_equal "$(texts "$f" "//section[@data-id='catastrophe']/h1" "$d/tr[1]" "$d/tr[4]" "$c/tr[td[1]='10']/td[3]" "$c/tr[td[1]='14']/td[3]")" "Кампания: Катастрофа (3к6)
0–31к6+22 × (1к6+2)2 × (2к6+2)3 × (2к6+2)
10–13(ТУ)к62 × (ТУ)к62 × (2·ТУ)к63 × (2·ТУ)к6СП/2
ВС врага +10%
стратегия −2, ВС пересчитать"
	run -1 grep -E '[0-9]d([^0-9]|$)|TS|TL' <<<"$(sed '/<style>/,/<\/style>/d; s/<[^>]*>/ /g' "$f")"
}

@test "refcard-render: every factor and move on the cards is the rules table's" {
	local f=$BATS_TEST_TMPDIR/r.html rules=$TOP/formats/dba1.xml code c m
	local label=() card=() table=()
	refcard-render --lang=en --cards=rules > "$f"
	# four figures of each troop: the card's cell and the table's value,
	# each side read by one xmllint (cells)
	for code in $(xmllint --xpath '//factors/troop/@code' "$rules" | sed 's/ code="\([^"]*\)"/\1 /g'); do
		c="//section[@data-id='combat']//tbody/tr[td[1]='$code']"
		m="//section[@data-id='movement']//tbody/tr[td[1]='$code']"
		label+=("$code vs-foot" "$code vs-mounted" "$code good" "$code road")
		card+=("$c/td[3]" "$c/td[4]" "$m/td[3]" "$m/td[5]")
		table+=("//factors/troop[@code='$code']/@vs-foot"
		    "//factors/troop[@code='$code']/@vs-mounted"
		    "//movement/move[@troop='$code']/@good"
		    "//movement/move[@troop='$code']/@road")
	done
	[ "${#label[@]}" -ge 40 ]
	diff -u --label formats/dba1.xml --label "the rules cards" \
	    <(paste -d ' ' <(printf '%s\n' "${label[@]}") <(cells "$rules" "${table[@]}")) \
	    <(paste -d ' ' <(printf '%s\n' "${label[@]}") <(cells "$f" "${card[@]}"))
}

@test "refcard-render: --rules=FILE corrects a number on every card" {
	sed 's/<troop code="Pk" vs-foot="3"/<troop code="Pk" vs-foot="6"/; s/<move troop="Pk" good="200"/<move troop="Pk" good="250"/' "$TOP/formats/dba1.xml" > "$BATS_TEST_TMPDIR/r.xml"
	f=$BATS_TEST_TMPDIR/c.html
	refcard-render --rules="$BATS_TEST_TMPDIR/r.xml" --cards=army,rules "$ARMIES" > "$f"
	assert_equal "$(cell "$f" '//section[@data-id="66a"]//tbody/tr[td[1]="Pk"]/td[4]')" "6"
	assert_equal "$(cell "$f" '//section[@data-id="66a"]//tbody/tr[td[1]="Pk"]/td[6]')" "250"
	assert_equal "$(cell "$f" '//section[@data-id="combat"]//tbody/tr[td[1]="Pk"]/td[3]')" "6"
	echo '<rules version="1" edition="x"/>' > "$BATS_TEST_TMPDIR/bad.xml"
	run -2 --separate-stderr refcard-render --rules="$BATS_TEST_TMPDIR/bad.xml" --cards=rules
	assert_output ''
	[[ $stderr == *"not a valid rules table"* ]]
}

@test "refcard-render: army cards follow the collection's rules label unless --rules" {
	armylist-parse --rules=dba22 fixtures/rules/hordes.txt > "$BATS_TEST_TMPDIR/22.xml"
	f=$BATS_TEST_TMPDIR/c.html
	# labelled dba22: Hordes have the 2.2 factors and moves
	run -0 --separate-stderr refcard-render --lang=en "$BATS_TEST_TMPDIR/22.xml"
	assert_equal "$stderr" ''
	printf '%s\n' "$output" > "$f"
	# Warband and Hordes have equal factors and moves in 2.2: one row
	row='//section[@data-id="I/1b"]//tbody/tr[td[1]="Wb, Hd"]'
	assert_equal "$(cell "$f" "$row/td[2]")" "Warband, Hordes"
	assert_equal "$(cell "$f" "$row/td[3]")" "1, 2"
	assert_equal "$(cell "$f" "$row/td[4]")" "$(xmllint --xpath "string(//factors/troop[@code='Hd']/@vs-foot)" "$TOP/formats/dba22.xml")"
	assert_equal "$(cell "$f" "$row/td[6]")" "$(xmllint --xpath "string(//movement/move[@troop='Hd']/@good)" "$TOP/formats/dba22.xml")"
	assert_equal "$(cell "$f" "$row/td[4]")" "$(xmllint --xpath "string(//factors/troop[@code='Wb']/@vs-foot)" "$TOP/formats/dba22.xml")"
	assert_equal "$(cell "$f" "$row/td[6]")" "$(xmllint --xpath "string(//movement/move[@troop='Wb']/@good)" "$TOP/formats/dba22.xml")"
	# what they share said once, then each one's own after its code
	[[ $(cell "$f" "$row/td[9]") == *"Wb: general; rear support +1;"*" · Hd: PIP +1; beaten: no effect;"* ]]
	# --rules wins over the label: Hordes are not in 1.x, no row to share
	refcard-render --lang=en --rules=dba1 "$BATS_TEST_TMPDIR/22.xml" > "$f"
	row='//section[@data-id="I/1b"]//tbody/tr[td[1]="Hd"]'
	assert_equal "$(cell "$f" "$row/td[2]")" "Hordes"
	assert_equal "$(cell "$f" "$row/td[4]")" "–"
	assert_equal "$(cell "$f" "$row/td[9]")" "not in these rules"
	# a label naming no edition: reported once, no card of that file
	sed 's/rules="dba22"/rules="dba9"/' "$BATS_TEST_TMPDIR/22.xml" > "$BATS_TEST_TMPDIR/9.xml"
	run -2 --separate-stderr refcard-render "$BATS_TEST_TMPDIR/9.xml" "$BATS_TEST_TMPDIR/22.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/9.xml:2: error: collection labelled rules='dba9', not a rules edition (dba1, dba22, dba3, or give --rules=FILE)"
	printf '%s\n' "$output" > "$f"
	assert_equal "$(cell "$f" 'count(//section[starts-with(@class,"card")])')" "2"
	run -0 --separate-stderr refcard-render --rules=dba22 "$BATS_TEST_TMPDIR/9.xml"
	assert_equal "$stderr" ''
	run -0 grep -c '^\.It Sy armylist-unknown-rules Pq error$' "$TOP/man/refcard-render.1"
}

@test "refcard-render: the campaign card reads the campaign tables" {
	run -0 --separate-stderr refcard-render --lang=de --cards=campaign
	echo "$output" > "$BATS_TEST_TMPDIR/c.html"
	html_ok "$BATS_TEST_TMPDIR/c.html"
	[ -z "$stderr" ]
	for t in $(xmllint --xpath '//row/text[@lang="de"]/text()' "$TOP/formats/catastrophe.xml" | tr ' ' '_'); do
		grep -q "<td>${t//_/ }</td>" <<<"$output" || { echo "lacks $t"; false; }
	done
	assert_line --partial '<h2 class="t1">Schaden nach TL</h2>'
}

@test "refcard-render: PDF page count and page size for every paper" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	for p in "a6 419.528 297.638" "a5 595.276 419.528" "a4 595.276 841.89" "letter 612 792"; do
		set -- $p
		run -0 --separate-stderr refcard-render -T pdf --paper=$1 -o "$f" "$ARMIES"
		assert_output ''
		assert_equal "$stderr" ''
		run -0 pdfinfo "$f"
		assert_line --regexp '^Pages: +3$'
		assert_line --regexp "^Page size: +$2 x $3 pts"
	done
	refcard-render -T pdf --cards=rules,campaign -o "$f" 2>/dev/null
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +5$'
}

@test "refcard-render: PDF text in German, English and Russian" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	refcard-render -T pdf --lang=de -o "$f" "$ARMIES"
	run -0 pdftotext "$f" -
	assert_line '66a Alexandrinische Makedonen'
	assert_line --partial 'Piken'
	assert_line --partial 'Unterstützung +3'
	assert_line --partial 'Армия & <проба>'
	refcard-render -T pdf --lang=en -o "$f" "$ARMIES"
	run -0 pdftotext "$f" -
	assert_line --partial 'Pikes'
	assert_line --partial 'rear support +3'
	refcard-render -T pdf --lang=ru -o "$f" "$ARMIES"
	run -0 pdftotext "$f" -
	assert_line --partial 'Пикинёры'
	assert_line --partial 'поддержка сзади +3'
	refcard-render -T pdf --lang=ru --cards=rules -o "$f"
	run -0 pdftotext -layout -f 1 -l 1 "$f" -
	assert_line 'Бой (DBA 1.x)'
	assert_line --regexp '^СК +Серпоносные колесницы +4 +4( |$)'
}

@test "refcard-render: PDF fonts are embedded DejaVu, pages are not blank" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	refcard-render -T pdf --lang=ru --cards=army,rules,campaign -o "$f" "$ARMIES" 2>/dev/null
	run -0 pdffonts "$f"
	[ "${#lines[@]}" -ge 3 ]
	assert_line --partial 'DejaVuSans'
	pdffonts "$f" | awk 'NR > 2 && $(NF-4) != "yes" { bad = 1 } END { exit bad }'
	not_blank "$f"
}

@test "refcard-render: identical input gives identical PDF bytes" {
	need_pdf
	a=$BATS_TEST_TMPDIR/a.pdf b=$BATS_TEST_TMPDIR/b.pdf
	refcard-render -T pdf --cards=army,rules -o "$a" "$ARMIES"
	sleep 1
	refcard-render -T pdf --cards=army,rules < "$ARMIES" > "$b"
	cmp "$a" "$b"
	run -0 pdfinfo "$a"
	refute_line --partial 'CreationDate'
	SOURCE_DATE_EPOCH=1700000000 refcard-render -T pdf --cards=rules -o "$a"
	SOURCE_DATE_EPOCH=1700000000 refcard-render -T pdf --cards=rules -o "$b"
	cmp "$a" "$b"
	run -0 pdfinfo "$a"
	assert_line --regexp '^CreationDate: +Tue Nov 14 22:13:20 2023 UTC$'
	run -0 --separate-stderr env SOURCE_DATE_EPOCH=soon refcard-render -T pdf --cards=rules -o "$a"
	assert_equal "$stderr" "refcard-render: warning: ignoring SOURCE_DATE_EPOCH 'soon' (not a number of seconds)"
}

@test "refcard-render: a card too long for its page goes on, with a warning" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	# 16 troop types with the long outcome notes of 3.0: too long even
	# in the condensed face at 6.5 pt
	run -0 --separate-stderr refcard-render -T pdf --rules=dba3 --lang=de -o "$f" fixtures/refcard/big.xml
	assert_equal "$stderr" "refcard-render: big.txt:3: warning: army '99 Großes Testheer' does not fit one page: continued on a second page"
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +2$'
	# card 1 says it goes on, card 2 names the army again
	run -0 pdftotext -f 1 -l 1 "$f" -
	assert_line 'Fortsetzung →'
	run -0 pdftotext -f 2 -l 2 "$f" -
	assert_line '99 Großes Testheer (Fortsetzung, Seite 2)'
	assert_line --regexp '^Kürzel'
	# every troop row is somewhere: nothing is cut off
	run -0 pdftotext "$f" -
	for t in Elefanten Ritter Reiterei 'Leichte Reiterei' Kamelreiter Sichelstreitwagen Klingen Speere Piken Hilfstruppen Plänkler Artillerie; do
		assert_line --regexp "(^| )$t(:| |\$)"
	done
	not_blank "$f"
	run -0 --separate-stderr refcard-render -T pdf --rules=dba3 --paper=a4 -o "$f" fixtures/refcard/big.xml
	assert_equal "$stderr" ""
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +1$'
}

@test "refcard-render: the army's facts strip under its title, in the PDF and the HTML alike (a German period of 25 characters)" {
	need_pdf
	a=$BATS_TEST_TMPDIR/a.xml h=$BATS_TEST_TMPDIR/c.html p=$BATS_TEST_TMPDIR/c.pdf
	armylist-parse --rules=dba1 fixtures/refcard/period25.txt > "$a"
	# period, terrain, aggression, the general's type, enemies, the
	# edition; a line breaks before a dot, never between a key and its
	# value (no-break spaces, read as blanks here)
	strip='Zeit 110 v. Chr. – 247 n. Chr. · Gelände Tropen · Aggression 1 · Befehlshaber Re · Gegner – · Regeln DBA 1.x'
	run -0 --separate-stderr refcard-render -T pdf --lang=de -o "$p" "$a"
	assert_equal "$stderr" ""
	run -0 sh -c 'pdftotext -layout "$1" - | sed -n 2,3p | sed "s/\xc2\xa0/ /g" | tr -s " "' sh "$p"
	assert_equal "${lines[1]}" "· Regeln DBA 1.x"
	assert_equal "${lines[0]} ${lines[1]}" "$strip"
	run -0 --separate-stderr refcard-render --lang=de -o "$h" "$a"
	assert_equal "$stderr" ""
	html_ok "$h"
	output=$(cell "$h" "//p[@class='strip']" | sed 's/\xc2\xa0/ /g')
	assert_equal "$output" "$strip"
	run -0 cell "$h" "count(//table[@class='facts']//th[.='Zeit'])"
	assert_equal "$output" 0
	# the key of each fact in bold
	run -0 cell "$h" "count(//p[@class='strip']/span/b)"
	assert_equal "$output" 6
	# in English and Russian, a general of two types in a choice
	printf 'I/1a Test 3000-2800BC\n1x3Bd or 4Sp (Gen), 11x4Bw\n' | armylist-parse > "$a"
	refcard-render --lang=en -o "$h" "$a"
	assert_equal "$(cell "$h" "//p[@class='strip']" | sed 's/\xc2\xa0/ /g')" 'Period 3000–2800 BC · General Bd, Sp · Enemies – · Rules DBA 1.x'
	refcard-render --lang=ru -o "$h" "$a"
	assert_equal "$(cell "$h" "//p[@class='strip']" | sed 's/\xc2\xa0/ /g')" 'Период 3000–2800 до н. э. · Полководец Ме, Ко · Враги – · Правила DBA 1.x'
}

# corpus_fit RULES: at most 1 in 100 German army cards of the 2.2
# corpus spill over one A6 page with these rules (bench/card-fit.sh).
corpus_fit() {
	local r=$1
	need_pdf
	[ -z "${BELLIS_VALGRIND:-}" ] || skip "590 cards are too slow under valgrind"
	run -0 --separate-stderr env CARDFIT_LANGS=de CARDFIT_SHEETS=a6 sh "$TOP/bench/card-fit.sh" "$BIN" "dba22:$r"
	assert_equal "$stderr" ""
	assert_equal "${lines[0]}" "corpus	rules	lang	armies	a6	a6-pt	2x2	2x2-pt"
	set -- ${lines[1]}
	assert_equal "$1 $2 $3 $4 $7 $8" "dba22 $r de 590 - -"
	[ "$5" -le $(($4 + $4 / 100)) ] || { echo "$5 cards for $4 German armies"; false; }
	# never under 6.5 pt
	[[ $6 == 6.[5-9]* || $6 == [7-9].* ]] || { echo "type of $6 pt"; false; }
}

@test "refcard-render: German army cards of the corpus fit one A6 page in 99 of 100 cases" {
	corpus_fit dba1
}

@test "refcard-render: German army cards of the corpus fit one A6 page in 99 of 100 cases with the 2.2 rules too" {
	corpus_fit dba22
}

@test "refcard-render: the 2.2 combat results card fits one A6 page in every language: the default once, a clause most rows share below the table" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	for l in de en ru; do
		run -0 --separate-stderr refcard-render -T pdf --rules=dba22 --cards=rules --lang=$l -o "$f"
		assert_equal "$stderr" ""
		run -0 pdfinfo "$f"
		assert_line --regexp '^Pages: +3$'
	done
	run -0 --separate-stderr refcard-render --rules=dba22 --cards=rules --lang=en
	t="//section[@data-id='outcomes']"
	echo "$output" > "$BATS_TEST_TMPDIR/c.html"
	assert_equal "$(cell "$BATS_TEST_TMPDIR/c.html" "$t//p[2]")" "Kn, Cm, SCh, El, Bd, Sp, Pk, Ax, Bw, Hd: doubled by Art (close combat): recoil*"
	assert_equal "$(cell "$BATS_TEST_TMPDIR/c.html" "$t//p[1]")" "Unless noted: beaten: recoil, doubled: destroyed"
	assert_equal "$(cell "$BATS_TEST_TMPDIR/c.html" "$t//tbody/tr[td[1]='Kn']/td[2]")" "beaten by LH, SCh, El or by Bw (having charged) or itself in difficult going: destroyed"
}

@test "refcard-render: a tight card fits one page: notes below the table flowing round it, short facts on one line" {
	need_pdf
	f=$BATS_TEST_TMPDIR/c.pdf
	run -0 --separate-stderr refcard-render -T pdf --lang=de --rules=dba22 -o "$f" "$ARMIES"
	assert_equal "$stderr" ""
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +3$'
	run -0 pdftotext -layout -f 1 -l 1 "$f" -
	golden refcard/tight-de.txt
	not_blank "$f"
}

@test "refcard-render: empty input gives no card and a warning" {
	run -0 --separate-stderr refcard-render /dev/null
	assert_equal "$stderr" "refcard-render: warning: no cards to render (no armies in the input)"
	refute_output --partial '<section'
	assert_line '</html>'
	echo '<armylists version="1"/>' > "$BATS_TEST_TMPDIR/e.xml"
	run -0 --separate-stderr refcard-render "$BATS_TEST_TMPDIR/e.xml"
	refute_output --partial '<section'
	need_pdf
	refcard-render -T pdf -o "$BATS_TEST_TMPDIR/e.pdf" < /dev/null 2>/dev/null
	run -0 pdftotext "$BATS_TEST_TMPDIR/e.pdf" -
	assert_line 'no cards'
}

@test "refcard-render: input that is not armylist XML is exit 2" {
	run -2 --separate-stderr refcard-render fixtures/refcard/junk.bin
	assert_equal "$stderr" "refcard-render: fixtures/refcard/junk.bin:1: error: not armylist XML (armylist-parse converts list sheets and list text)"
	refute_output --partial '<section'
	run -2 --separate-stderr refcard-render fixtures/refcard/sheet.txt "$ARMIES"
	assert_equal "$stderr" "refcard-render: fixtures/refcard/sheet.txt:1: error: not armylist XML (armylist-parse converts list sheets and list text)"
	[ "$(grep -c '<section' <<<"$output")" -eq 3 ]
}

@test "refcard-render: a DOCTYPE or entity is rejected" {
	run -2 --separate-stderr refcard-render fixtures/refcard/doctype.xml
	refute_output --partial '<section'
	[[ $stderr == "refcard-render: fixtures/refcard/doctype.xml:"*"DOCTYPE not allowed"* ]]
	refute_output --partial "$(cat /etc/hostname 2>/dev/null || echo no-such-host)"
}

@test "refcard-render: malformed and invalid XML is exit 2, other files still rendered" {
	run -2 --separate-stderr refcard-render fixtures/refcard/malformed.xml
	[[ $stderr == "refcard-render: fixtures/refcard/malformed.xml:"*"error: "* ]]
	run -2 --separate-stderr refcard-render fixtures/refcard/invalid.xml "$ARMIES"
	[[ $stderr == "refcard-render: fixtures/refcard/invalid.xml:"*"error: "* ]]
	[ "$(grep -c '<section' <<<"$output")" -ge 3 ]
}

@test "refcard-render: several files are one stream, '-' is stdin" {
	run -0 --separate-stderr refcard-render "$ARMIES" - < "$ARMIES"
	[ "$(grep -c '<section' <<<"$output")" -eq 6 ]
	[ "$(grep -c '<html' <<<"$output")" -eq 1 ]
	a=$(refcard-render < "$ARMIES")
	b=$(refcard-render - < "$ARMIES")
	assert_equal "$a" "$b"
	run -4 --separate-stderr refcard-render /nonexistent "$ARMIES"
	[[ $stderr == "refcard-render: cannot open '/nonexistent'"* ]]
	[ "$(grep -c '<section' <<<"$output")" -eq 3 ]
}

@test "refcard-render: the language comes from the locale by default" {
	run -0 bash -c "LANG=de_DE.UTF-8 LC_ALL= refcard-render --cards=rules | grep -m1 '<h1>'"
	assert_output '<h1>Kampf (DBA 1.x)</h1>'
	run -0 bash -c "LC_ALL=ru_RU.UTF-8 refcard-render --cards=rules 2>/dev/null | grep -m1 '<h1>'"
	assert_output '<h1>Бой (DBA 1.x)</h1>'
	run -0 bash -c "refcard-render --cards=rules | grep -m1 '<h1>'"
	assert_output '<h1>Combat (DBA 1.x)</h1>'
}

@test "refcard-render: -o writes atomically and keeps the old file on failure" {
	out=$BATS_TEST_TMPDIR/out.html
	run -0 refcard-render -o "$out" "$ARMIES"
	assert_output ''
	assert_equal "$(cat "$out")" "$(refcard-render "$ARMIES")"
	echo old > "$out"
	run -4 refcard-render -o "$out" "$ARMIES" /nonexistent
	assert_equal "$(cat "$out")" old
	run -4 refcard-render -o "$out" --rules=/nonexistent/r.xml "$ARMIES"
	assert_equal "$(cat "$out")" old
	[ "$(ls "$BATS_TEST_TMPDIR")" = out.html ]
	run -2 refcard-render --output="$out" fixtures/refcard/junk.bin "$ARMIES"
	assert_equal "$(cat "$out")" old
}

@test "refcard-render: a full disk is exit 4" {
	[ -c /dev/full ] || skip "/dev/full is missing"
	for o in "--cards=army,rules" "-T pdf --cards=army,rules" "--matchup=66a,7" "-T pdf --impose=2x2 --matchup=66a,7 --army=7"; do
		run -4 --separate-stderr bash -c "refcard-render $o '$ARMIES' > /dev/full"
		[[ $stderr == *"write error"* ]]
	done
	run -4 --separate-stderr refcard-render -T pdf -o /dev/full --cards=rules
	assert_equal "$stderr" "refcard-render: cannot write '/dev/full': No space left on device"
}

# ---- --army, the matchup card, imposition -------------------------------

MU=fixtures/combat/matchup.xml

@test "refcard-render: --army renders only those armies, in input order" {
	run -0 --separate-stderr refcard-render --lang=en --army=7,66a "$ARMIES"
	assert_equal "$stderr" ''
	assert_equal "$(grep -o 'data-id="[^"]*"' <<<"$output" | tr '\n' ' ')" 'data-id="66a" data-id="7" '
	run -0 --separate-stderr refcard-render --lang=en --army=III/17 --army=7 "$ARMIES"
	assert_equal "$(grep -c '<section' <<<"$output")" 2
	# an id given twice is one card
	run -0 --separate-stderr refcard-render --army=7,7 "$ARMIES"
	assert_equal "$(grep -c '<section' <<<"$output")" 1
}

@test "refcard-render: an unknown --army id is exit 2 with did-you-mean, the others rendered" {
	run -2 --separate-stderr refcard-render --lang=en --army=III/71,66a,zzzz "$ARMIES"
	assert_equal "$stderr" "refcard-render: $ARMIES: error: army 'III/71' not in the collection (did you mean 'III/17'?)
refcard-render: $ARMIES: error: army 'zzzz' not in the collection"
	assert_equal "$(grep -o 'data-id="[^"]*"' <<<"$output")" 'data-id="66a"'
	run -2 --separate-stderr refcard-render --army=7 /dev/null
	assert_equal "$stderr" "refcard-render: /dev/null: error: army '7' not in the collection"
	refute_output --partial '<section'
}

@test "refcard-render: the matchup card, golden, in three languages" {
	for l in en de ru; do
		run -0 --separate-stderr refcard-render --lang=$l --matchup=66a,III/17 "$ARMIES"
		assert_equal "$stderr" ''
		golden refcard/matchup-$l.html
		echo "$output" > "$BATS_TEST_TMPDIR/m.html"
		html_ok "$BATS_TEST_TMPDIR/m.html"
		assert_equal "$(grep -c '<section' <<<"$output")" 1
	done
	assert_line --partial '<h1>Противостояние: 66a '
	assert_line '<tr><th><span class="id">III/17</span></th><td>Maurikian Byzantine, 575–650 н. э.</td></tr>'
}

@test "refcard-render: every matchup cell is combat-calc --matchup --odds" {
	run -0 refcard-render --lang=en --matchup=66a,III/17 "$ARMIES"
	# the mark of a pair that support changes is no figure
	cells=$(sed -n 's/ •//g; s/<[^>]*>/|/g; s/||*/|/g; /^|[A-Z][A-Za-z]* [A-Z]/p' <<<"$output" |
	    awk -F'|' '{ for (i = 3; i < NF; i++) print $i }')
	# the figures: % the row (side 1) destroys : % it is destroyed
	want=$(combat-calc --matchup=66a,III/17 --odds -T jsonl "$ARMIES" | jq -r '
	    def pct(k): ((k * 200 + 36) / 72 | floor);
	    def lost(s): [.odds.outcomes[] | select(.side == s and (.result == "destroyed" or .result == "surrender")) | .count] | add // 0;
	    "\(pct(lost(2))) : \(pct(lost(1)))"')
	assert_equal "$cells" "$want"
	[ "$(wc -l <<<"$cells")" -eq 40 ]
	# the bars: five parts that add up to the 36 pairs, in the order
	# destroys, wins, draw, loses, destroyed
	assert_output --partial '<td>Kn Knights</td><td class="num heat" style="text-align: center; background: #bebebe; print-color-adjust: exact; -webkit-print-color-adjust: exact"><span class="bar"><span style="flex: 11 0 0; background: #000000"></span><span style="flex: 47 0 0; background: #616161"></span><span style="flex: 14 0 0; background: #a8a8a8"></span><span style="flex: 28 0 0; background: #e0e0e0"></span></span>11 : 0</td>'
}

@test "refcard-render: matchup cells are shaded by a grey ramp, darker where the row does better" {
	run -0 refcard-render --lang=en --matchup=66a,III/17 "$ARMIES"
	output=$(sed 's/ •//g' <<<"$output")
	# Pikes against Light Horse win 72 in 100, lose 17: dark; Psiloi
	# against Blades lose 83 in 100 by recoils: nearly white
	assert_output --partial 'background: #b3b3b3; print-color-adjust: exact; -webkit-print-color-adjust: exact"><span class="bar"><span style="flex: 72 0 0; background: #616161"></span><span style="flex: 11 0 0; background: #a8a8a8"></span><span style="flex: 17 0 0; background: #e0e0e0"></span></span>0 : 0<'
	assert_output --partial 'background: #eeeeee; print-color-adjust: exact; -webkit-print-color-adjust: exact"><span class="bar"><span style="flex: 8 0 0; background: #616161"></span><span style="flex: 8 0 0; background: #a8a8a8"></span><span style="flex: 83 0 0; background: #e0e0e0"></span></span>0 : 0<'
	# every shade is a grey: red, green and blue the same (the tints of
	# the sections are in the style sheet, none on the grid)
	[ -z "$(sed '/<style>/,/<\/style>/d' <<<"$output" | grep -o 'background: #[0-9a-f]\{6\}' | awk '{ c = substr($2, 2); if (substr(c,1,2) != substr(c,3,2) || substr(c,3,2) != substr(c,5,2)) print c }')" ]
}

@test "refcard-render: types without factors in the edition are dash cells, not dropped" {
	run -0 --separate-stderr refcard-render --lang=en --matchup=I/2a,I/2b $MU
	assert_line '<tr><td>Lit Litter</td><td class="num">–</td><td class="num">–</td><td class="num">–</td><td class="num">–</td><td class="num">–</td></tr>'
	# an id is never broken inside, nor from its arrow (no-break space)
	assert_line '<thead><tr><th><span class="id">I/2a</span> ↓ <span class="id">I/2b</span> →</th><th class="num">Cv</th><th class="num">Bw</th><th class="num">Bd</th><th class="num">Hd</th><th class="num">Ps</th></tr></thead>'
	run -0 --separate-stderr refcard-render --lang=en --rules=dba22 --matchup=I/2a,I/2b $MU
	refute_output --partial '<td class="num">–</td>'
}

@test "refcard-render: --matchup with --army and --cards, input read once" {
	run -0 --separate-stderr refcard-render --matchup=66a,7 --army=7 - < "$ARMIES"
	assert_equal "$(grep -o 'data-kind="[^"]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')" 'data-kind="matchup" data-id="66a,7" data-kind="army" data-id="7" '
	run -0 --separate-stderr refcard-render --matchup=66a,7 --cards=rules,army,matchup - < "$ARMIES"
	assert_equal "$(grep -o 'data-kind="[^"]*"' <<<"$output" | uniq -c | awk '{ print $1, $2 }' | tr '\n' ' ')" '3 data-kind="rules" 3 data-kind="army" 1 data-kind="matchup" '
}

@test "refcard-render: a round's pairings: --matchup once per pair, in order; an entry picked by its player's name" {
	armylist-parse --rules=dba22 ../samples/entries-mail.txt ../samples/entries-form.csv > "$BATS_TEST_TMPDIR/e.xml"
	run -0 --separate-stderr refcard-render --matchup=II/15,II/27b --matchup='Karl Lenz,lea moser' "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$stderr" ''
	assert_equal "$(grep -o 'data-kind="[^"]*" data-id="[^"]*"' <<<"$output" | tr '\n' ' ')" 'data-kind="matchup" data-id="II/15,II/27b" data-kind="matchup" data-id="II/27a,II/12" '
	# each army with its player
	assert_output --partial 'II/27a</span></th><td>Pyrrhic (Karl Lenz)</td>'
	assert_output --partial 'II/12</span></th><td>Macedonian (Lea Moser)</td>'
	# --army by the player too, and a name no entry has
	run -0 --separate-stderr refcard-render --army='jana kurz' "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$(grep -o 'data-kind="[^"]*" data-id="[^"]*"' <<<"$output")" 'data-kind="army" data-id="II/27b"'
	run -2 --separate-stderr refcard-render --matchup='Karl Lenz,Nobody' "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/e.xml: error: army 'Nobody' not in the collection"
	refute_output --partial '<section'
	# the PDF: a page each
	run -0 refcard-render -T pdf -o "$BATS_TEST_TMPDIR/m.pdf" --matchup=II/15,II/27b --matchup='Karl Lenz,Lea Moser' "$BATS_TEST_TMPDIR/e.xml"
	assert_equal "$(pdfinfo "$BATS_TEST_TMPDIR/m.pdf" | awk '/^Pages:/ { print $2 }')" 2
}

@test "refcard-render: an army of --matchup not in the input is exit 2, no matchup card" {
	run -2 --separate-stderr refcard-render --matchup=66a,III/71 "$ARMIES"
	assert_equal "$stderr" "refcard-render: $ARMIES: error: army 'III/71' not in the collection (did you mean 'III/17'?)"
	refute_output --partial '<section'
	run -2 --separate-stderr refcard-render --matchup=66a,7 fixtures/refcard/junk.bin
	assert_equal "${stderr%%$'\n'*}" "refcard-render: fixtures/refcard/junk.bin:1: error: not armylist XML (armylist-parse converts list sheets and list text)"
	run -2 --separate-stderr refcard-render --matchup=66a,7 /dev/null
	assert_equal "$stderr" "refcard-render: /dev/null: error: army '66a' not in the collection
refcard-render: /dev/null: error: army '7' not in the collection"
	run -0 --separate-stderr refcard-render --matchup=7,7 "$ARMIES" "$ARMIES"
	assert_equal "$stderr" "refcard-render: lists.txt:12: warning: army '7' twice in the collection (first at lists.txt:12), the first is used; name one as '7@YEAR' or '7#2'"
	assert_equal "$(grep -c '<section' <<<"$output")" 1
}

@test "refcard-render: bad --army, --matchup and --impose values are usage errors" {
	for v in --army= --army=7,,66a --army=, --matchup=66a --matchup=,7 --matchup=66a, --matchup=a,b,c --impose=3x3 --impose= "--impose=2x2" "--impose=1x2 -T pdf --paper=a6" "--cards=matchup" "--matchup=66a,7 --cards=army" "--army=7 --cards=rules,matchup --matchup=66a,7" "--cards=rules --matchup=66a,7"; do
		run -3 --separate-stderr refcard-render $v "$ARMIES"
		assert_output ''
		case $v in
		--army=|--army=7,,66a|--army=,)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value '${v#--army=}' for --army (army ids separated by commas: ID[,ID...])" ;;
		--matchup=*,*,*|--matchup=66a|--matchup=,7|--matchup=66a,)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value '${v#--matchup=}' for --matchup (two army ids: A,B)" ;;
		--impose=3x3|--impose=)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: invalid value '${v#--impose=}' for --impose (valid: 1x2, 2x2)" ;;
		--impose=2x2)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: --impose needs -T pdf" ;;
		--impose=1x2*)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: --impose needs a sheet of --paper=a4 or letter" ;;
		--cards=matchup)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: the matchup card needs --matchup=A,B" ;;
		"--matchup=66a,7 --cards=army"|"--cards=rules --matchup=66a,7")
			assert_equal "${stderr%%$'\n'*}" "refcard-render: --matchup needs the matchup card (--cards=matchup,...)" ;;
		--army=7*)
			assert_equal "${stderr%%$'\n'*}" "refcard-render: --army needs the army cards (--cards=army,...)" ;;
		esac
	done
}

@test "refcard-render: German and Russian cards name no troop by its English code" {
	for l in de ru; do
		# the key line names the codes: that is its job
		run -0 --separate-stderr refcard-render --lang=$l --cards=army,rules,matchup --matchup=66a,III/17 "$ARMIES"
		output=$(grep -v '^<p>.* = ' <<<"$output")
		# the codes that are not also a German or Russian abbreviation
		run -1 grep -oE '(^|[^A-Za-z])(Kn|Cv|LH|Cm|SCh|WWg|Bd|Ax|Wb|Bw|Ps|CF|Hd|Lit)([^A-Za-z]|$)' <<<"$(sed 's/<[^>]*>/ /g' <<<"$output")"
		assert_output ''
	done
	run -0 refcard-render --lang=de --cards=army,rules,matchup --matchup=66a,III/17 "$ARMIES"
	assert_line --partial '<tr><td>Ri</td><td>Ritter</td>'
	assert_line --partial '<th class="num">Re</th><th class="num">LR</th><th class="num">Ri</th><th class="num">Kl</th><th class="num">Pl</th>'
	assert_line --partial '<tr><td>Hi Hilfstruppen</td>'
	assert_line --partial 'verdoppelt durch Berittene, Kw, Bo: vernichtet'
	assert_line '<tr><td class="nw">Kl, Sp</td><td>Pl</td><td class="num"><b>+1</b></td><td>nur gegen Berittene oder bei Lagerangriff</td></tr>'
	# by default the key where the card fits its page with it; none
	# with --no-legend
	assert_line '<p>Ri = Kn, Re = Cv, LR = LH, Kl = Bd, Hi = Ax, Pl = Ps</p>'
	run -0 refcard-render --no-legend --lang=de --cards=army,rules,matchup --matchup=66a,III/17 "$ARMIES"
	refute_output --partial 'Ri = Kn'
}

@test "refcard-render: --legend maps the abbreviations of each card to the codes, golden" {
	# the cards without --legend, and the key as the last line of each
	# card with troop types, none on the campaign cards
	for l in de ru; do
		run -0 --separate-stderr refcard-render --no-legend --lang=$l --cards=army,rules,campaign,matchup --matchup=66a,III/17 "$ARMIES"
		want=$output
		run -0 --separate-stderr refcard-render --legend --lang=$l --cards=army,rules,campaign,matchup --matchup=66a,III/17 "$ARMIES"
		assert_equal "$stderr" ""
		echo "$output" > "$BATS_TEST_TMPDIR/c.html"
		html_ok "$BATS_TEST_TMPDIR/c.html"
		# the key's line may set a card tighter: class, type size, the
		# place of the notes (last column or below, their signs in
		# <sup>) and the short facts on one line or in rows apart
		untight='s/^<section class="[^"]*"\( style="[^"]*"\)\?/<section/; s|<th>[^<]*</th></tr></thead>$|</tr></thead>|; s%<td>\([^<]\|<s[^>]*>\|</s[^>]*>\)*</td></tr>$%</tr>%; /^<div class="notes">$/,/^<\/div>$/d; /^<p class="facts">/d; /^<tr><th>[^<]*<\/th><\/tr>$/d'
		assert_equal "$(grep -v '^<p>.* = ' <<<"$output" | sed "$untight")" \
		    "$(sed "$untight" <<<"$want")"
		[ "$(grep -A1 '^<p>.* = ' <<<"$output" | grep -c '^</section>$')" -eq 7 ]
		output=$(grep '^<p>.* = ' <<<"$output")
		golden refcard/legend-$l.txt
	done
	assert_equal "$(sed -n 7p <<<"$output")" '<p>Ры = Kn, Кв = Cv, ЛК = LH, Ар = Art, Ме = Bd, Ко = Sp, Пи = Pk, Вс = Ax, За = Ps</p>'
	run -0 refcard-render --legend --lang=de --matchup=66a,III/17 "$ARMIES"
	assert_line '<p>Ri = Kn, Re = Cv, LR = LH, Kl = Bd, Hi = Ax, Pl = Ps</p>'
	# only the abbreviations the card shows: the Sumerian army has no Cavalry
	run -0 bash -c "printf 'I/1a Early Sumerian 3000-2800BC\n1x3Bd (Gen), 8x4Bw, 3x2Ps\n' | armylist-parse | refcard-render --lang=de --legend"
	assert_line '<p>Ri = Kn, Kl = Bd, Hi = Ax, St = Wb, Bo = Bw, Pl = Ps</p>'
	# an English card has no key: --legend changes nothing
	run -0 refcard-render --lang=en --cards=army,rules,matchup --matchup=66a,III/17 "$ARMIES"
	want=$output
	run -0 refcard-render --legend --lang=en --cards=army,rules,matchup --matchup=66a,III/17 "$ARMIES"
	assert_equal "$output" "$want"
}

@test "refcard-render: --legend in the PDF, the matchup card still one page" {
	need_pdf
	f=$BATS_TEST_TMPDIR/m.pdf
	run -0 --separate-stderr refcard-render -T pdf --legend --lang=de --matchup=66a,III/17 -o "$f" "$ARMIES"
	assert_equal "$stderr" ''
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +1$'
	run -0 pdftotext -layout "$f" -
	assert_line 'Ri = Kn, Re = Cv, LR = LH, Kl = Bd, Hi = Ax, Pl = Ps'
	assert_line --regexp '^Pk Piken +0 ?: ?0 ?•? +0 ?: ?0 ?•? +11 ?: ?28 ?•? +0 ?: ?17 ?•? +0 ?: ?3 ?•?$'
	run -0 --separate-stderr refcard-render -T pdf --legend --lang=ru --cards=rules -o "$f"
	run -0 pdftotext -f 2 -l 2 "$f" -
	assert_line --partial 'Ры = Kn'
}

@test "refcard-render: by default the key's line only where the card still fits one page with it" {
	# III/39 of the 3.0 corpus fits one A6 page in German, but not with
	# its key: by default the key is left out; --legend sets it, and
	# the card goes on over a second page
	need_pdf
	f=$BATS_TEST_TMPDIR/k.pdf
	armylist-parse --rules=dba3 corpus/dba3-lists.txt > "$BATS_TEST_TMPDIR/a.xml" 2>/dev/null || :
	run -0 --separate-stderr refcard-render -T pdf --lang=de --army=III/39 -o "$f" "$BATS_TEST_TMPDIR/a.xml"
	assert_equal "$stderr" ''
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +1$'
	run -0 pdftotext "$f" -
	refute_output --partial 'Ri = Kn'
	assert_output --partial 'Late T'
	run -0 --separate-stderr refcard-render -T pdf --lang=de --legend --army=III/39 -o "$f" "$BATS_TEST_TMPDIR/a.xml"
	assert_equal "$stderr" "refcard-render: corpus/dba3-lists.txt:2097: warning: army 'III/39 Late T’ang or Five Dynasties Army' does not fit one page: continued on a second page"
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +2$'
	run -0 pdftotext "$f" -
	assert_output --partial 'Ri = Kn, Re = Cv'
}

@test "refcard-render: the matchup card as PDF, one A6 page, three languages" {
	need_pdf
	f=$BATS_TEST_TMPDIR/m.pdf
	for l in en de ru; do
		run -0 --separate-stderr refcard-render -T pdf --lang=$l --matchup=66a,III/17 -o "$f" "$ARMIES"
		assert_equal "$stderr" ''
		run -0 pdfinfo "$f"
		assert_line --regexp '^Pages: +1$'
		assert_line --regexp '^Page size: +419.528 x 297.638 pts'
		run -0 pdftotext -layout "$f" -
		case $l in
		en) assert_line --regexp '^Pk Pikes +0 ?: ?0 ?•? +0 ?: ?0 ?•? +11 ?: ?28 ?•? +0 ?: ?17 ?•? +0 ?: ?3 ?•?$'
		    assert_output --partial 'Cell: bar of the row' ;;
		de) assert_line --regexp '^Begegnung: 66a Alexandrinische Makedonen'
		    assert_output --partial 'Feld: Balken der Ergebnisse der Zeile' ;;
		ru) assert_line --regexp '^Пи Пикинёры +0 ?: ?0'
		    assert_output --partial 'Клетка: полоса исходов строки' ;;
		esac
	done
	not_blank "$f"
}

@test "refcard-render: --impose puts A6 cards 2x2 or 1x2 on A4 or letter sheets" {
	need_pdf
	f=$BATS_TEST_TMPDIR/s.pdf
	# the three army cards, one A6 page each
	for p in "2x2 a4 1 841.89 595.276" "2x2 letter 1 792 612" "1x2 a4 2 595.276 841.89" "1x2 letter 2 612 792"; do
		set -- $p
		run -0 refcard-render -T pdf --impose=$1 --paper=$2 -o "$f" --lang=de "$ARMIES"
		run -0 pdfinfo "$f"
		assert_line --regexp "^Pages: +$3\$"
		assert_line --regexp "^Page size: +$4 x $5 pts"
	done
	# a4 is the default sheet; seven pages are two sheets
	run -0 --separate-stderr refcard-render -T pdf --impose=2x2 --cards=army,rules,matchup --matchup=66a,7 -o "$f" --lang=de "$ARMIES"
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +2$'
	assert_line --regexp '^Page size: +841.89 x 595.276 pts \(A4\)'
	run -0 pdftotext -f 2 -l 2 "$f" -
	assert_line --regexp '^Begegnung: 66a '
	not_blank "$f"
}

@test "refcard-render: imposed sheets carry crop marks off every cut" {
	need_pdf
	command -v pdftoppm >/dev/null || skip "pdftoppm is missing"
	f=$BATS_TEST_TMPDIR/s.pdf
	refcard-render -T pdf --impose=2x2 --cards=rules -o "$f"
	# 72 dpi, grey: the margin left of the grid (x < 9 mm) has ink only on
	# the three horizontal cut lines
	pdftoppm -gray -r 72 -singlefile -x 0 -y 0 -W 20 -H 595 "$f" "$BATS_TEST_TMPDIR/m"
	h=$(head -n 3 "$BATS_TEST_TMPDIR/m.pgm" | wc -c)
	rows=$(tail -c +$((h + 1)) "$BATS_TEST_TMPDIR/m.pgm" | od -An -v -tu1 -w20 |
	    awk '{ ink = 0; for (i = 1; i <= NF; i++) if ($i < 200) ink = 1; if (ink) print NR - 1 }' |
	    awk 'NR == 1 || $1 != prev + 1 { n++ } { prev = $1 } END { print n }')
	assert_equal "$rows" 3
	refcard-render -T pdf --impose=1x2 --cards=rules -o "$f"
	run -0 pdfinfo "$f"
	assert_line --regexp '^Pages: +2$'
}

@test "refcard-render: an imposed PDF into a closed pipe ends quietly" {
	run bash -c "refcard-render -T pdf --impose=2x2 --cards=rules,campaign 2>&1 | head -c 4"
	assert_output '%PDF'
}

@test "refcard-render: make demo's tonight's game (corpus sample, select, matchup, 2x2 on A4)" {
	need_pdf
	cd "$TOP"
	run -0 armylist-parse --rules=dba22 samples/corpus-sample.txt
	assert_equal "$output" "$(cat samples/corpus-sample.xml)"
	armylist-select --year=-330 --name='Macedonian|Athenian' \
	    -o "$BATS_TEST_TMPDIR/t.xml" samples/corpus-sample.xml
	run -0 armylist-select -T tsv "$BATS_TEST_TMPDIR/t.xml"
	assert_equal "$(cut -f1 <<<"$output" | tr '\n' ' ')" "id II/5b II/12 "
	# the label says dba22: no --rules, and every card says so
	run -0 refcard-render -T pdf --lang=en \
	    --matchup=II/12,II/5b --army=II/12,II/5b --impose=2x2 --paper=a4 \
	    -o "$BATS_TEST_TMPDIR/t.pdf" "$BATS_TEST_TMPDIR/t.xml"
	run pdfinfo "$BATS_TEST_TMPDIR/t.pdf"
	assert_line --regexp '^Pages: +1$'
	assert_line --regexp '^Page size: +841.89 x 595.276 pts \(A4\)$'
	assert_equal "$(pdftotext "$BATS_TEST_TMPDIR/t.pdf" - | grep -c 'DBA 2\.2')" 3
	! grep -n -- '--rules=dba22.*tonight\|--rules=dba22 --lang=en --matchup' "$TOP/samples/demo.sh"
}

@test "refcard-render: the matchup card follows the collections' label unless --rules" {
	# the corpus sample is labelled dba22: its matchup is judged by 2.2
	run -0 --separate-stderr refcard-render --matchup=II/5b,II/12 ../samples/corpus-sample.xml
	want=$output
	run -0 --separate-stderr refcard-render --rules=dba22 --matchup=II/5b,II/12 ../samples/corpus-sample.xml
	assert_equal "$output" "$want"
	run -0 --separate-stderr refcard-render --rules=dba1 --matchup=II/5b,II/12 ../samples/corpus-sample.xml
	[ "$output" != "$want" ]
}

@test "refcard-render: an army with an incomplete list is marked on its card, with a footnote, and named in a warning" {
	armylist-parse "$FIX/armylist-parse/corpus-garbled.txt" 2>/dev/null > "$BATS_TEST_TMPDIR/g.xml" || true
	run -0 --separate-stderr refcard-render --army=IV/58 "$BATS_TEST_TMPDIR/g.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/g.xml: warning: army IV/58: its list is incomplete ($FIX/armylist-parse/corpus-garbled.txt:13), the card is marked"
	assert_line '<h1><span class="id">IV/58</span> Medieval Irish ⚠</h1>'
	assert_line '<p>⚠ list incomplete: part of its element list could not be read (armylist-parse names it)</p>'
	run -0 --separate-stderr refcard-render --lang=de --army=IV/58 "$BATS_TEST_TMPDIR/g.xml"
	assert_line '<p>⚠ Liste unvollständig: ein Teil der Elemente war nicht lesbar (armylist-parse nennt ihn)</p>'
	# a complete army: neither
	run -0 --separate-stderr refcard-render --army=III/17 "$SAMPLES/english-lists.xml"
	assert_equal "$stderr" ""
	refute_output --partial '⚠'
}

@test "refcard-render --army and combat-calc --matchup: an id of a list with variants suggests them, with the file" {
	armylist-parse "$CORPUS/dba22-lists.txt" 2>/dev/null > "$BATS_TEST_TMPDIR/c.xml" || true
	run -2 --separate-stderr refcard-render --army=II/36 "$BATS_TEST_TMPDIR/c.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/c.xml: error: army 'II/36' not in the collection (did you mean 'II/36a', 'II/36b'?)"
	run -2 --separate-stderr refcard-render --army=II/31 "$BATS_TEST_TMPDIR/c.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/c.xml: error: army 'II/31' not in the collection (did you mean 'II/31a', 'II/31b', 'II/31c', 'II/31d', 'II/31e', 'II/31f', ...?)"
	run -2 --separate-stderr refcard-render --army=II/32x "$BATS_TEST_TMPDIR/c.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/c.xml: error: army 'II/32x' not in the collection (did you mean 'II/32'?)"
	run -2 --separate-stderr combat-calc --matchup=II/36,II/38a "$BATS_TEST_TMPDIR/c.xml"
	assert_equal "$stderr" "combat-calc: $BATS_TEST_TMPDIR/c.xml: error: army 'II/36' not in the collection (did you mean 'II/36a', 'II/36b'?)"
}

@test "refcard-render: a table split over columns names itself again; a heading never stands alone" {
	need_pdf
	f=$BATS_TEST_TMPDIR/r.pdf
	run -0 --separate-stderr refcard-render -T pdf --lang=de --cards=rules -o "$f"
	run -0 pdftotext -f 1 -l 1 "$f" -
	assert_line 'Taktische Faktoren'
	assert_line 'Taktische Faktoren (Fortsetzung)'
	# the head row repeated under it
	assert_equal "$(grep -c '^Faktor$' <<<"$output")" 2
	# in HTML, the browser keeps a heading with what follows it
	run -0 refcard-render --lang=de --cards=rules
	assert_line 'h2 { font-size: 1.1em; margin: 0.5em 0 0.2em; padding: 0.05em 0.25em; break-after: avoid; page-break-after: avoid; }'
}

# pixels PDF PAGE [-gray]: the colours of page PAGE at 40 dpi that cover
# 100 pixels or more, one "R G B" (grey: "V") a line, the most first.
pixels() {
	local f=$BATS_TEST_TMPDIR/px n b
	rm -f "$f".p[pg]m
	pdftoppm -r 40 -f "$2" -l "$2" -singlefile ${3:+"$3"} "$1" "$f" || return 1
	f=$(ls "$f".p[pg]m)
	set -- $(head -c 20 "$f" | tr -s '\n' ' ')
	n=$(($2 * $3))
	b=$([ "$1" = P6 ] && echo 3 || echo 1)
	tail -c $((n * b)) "$f" | od -An -v -tu1 -w$b | sort | uniq -c |
	    awk '$1 >= 100 { $1 = ""; sub(/^ +/, ""); print }'
}

@test "refcard-render: each section of a card on a band of its own tint, told apart in grey too; factors and moves in bold" {
	need_pdf
	f=$BATS_TEST_TMPDIR/r.pdf h=$BATS_TEST_TMPDIR/r.html
	# the combat card: factors, tactical factors, support
	refcard-render -T pdf --rules=dba22 --lang=en --cards=rules -o "$f"
	run -0 pixels "$f" 1
	assert_line '155 191 232'
	assert_line '247 220 160'
	assert_line '181 217 165'
	# in grey print three distinct greys, light enough for black text
	run -0 pixels "$f" 1 -gray
	assert_line 185
	assert_line 221
	assert_line 200
	# the HTML: the same tints, printed with their colours
	refcard-render --rules=dba22 --lang=en --cards=rules > "$h"
	html_ok "$h"
	assert_equal "$(cell "$h" "count(//section[@data-id='combat']//h2[@class='t0'][.='Combat factors'])")" 1
	assert_equal "$(cell "$h" "count(//section[@data-id='combat']//h2[@class='t1'][.='Tactical factors'])")" 1
	assert_equal "$(cell "$h" "count(//section[@data-id='combat']//table[@class='t1']/thead)")" 1
	run -0 grep -Fx 'h2.t1, table.t1 thead th { background: #f7dca0; }' "$h"
	run -0 grep -F 'print-color-adjust: exact; -webkit-print-color-adjust: exact; }' "$h"
	# factors and moves in bold, the names and notes not
	refcard-render --rules=dba22 --lang=en "$ARMIES" > "$h"
	t="//section[@data-id='66a']//tbody/tr[td[1]='Pk']"
	assert_equal "$(cell "$h" "$t/td[4]/b")" 3
	assert_equal "$(cell "$h" "$t/td[6]/b")" 200
	assert_equal "$(cell "$h" "count($t/td[2]/b)")" 0
	assert_equal "$(cell "$h" "count($t/td[3]/b)")" 0
	t="//section[@data-id='movement']//tbody/tr[td[1]='Pk']"
	refcard-render --rules=dba22 --lang=en --cards=rules > "$h"
	assert_equal "$(cell "$h" "$t/td[3]/b")" 200
}

@test "refcard-render: a card with room is set larger, up to 9 pt on A6; a dense one is not" {
	need_pdf
	a=$BATS_TEST_TMPDIR/a.xml f=$BATS_TEST_TMPDIR/c.pdf h=$BATS_TEST_TMPDIR/c.html
	printf 'I/1a Early Sumerian 3000-2800BC\n1x3Bd (Gen), 8x4Bw, 3x2Ps\n' | armylist-parse > "$a"
	refcard-render -T pdf --lang=en -o "$f" "$a"
	# the body's type from the height pdftotext gives its words
	# (DejaVu's ascent and descent: 1.163 of the size)
	run -0 sh -c 'pdftotext -bbox "$1" - | awk -F"\"" "/<word .*>Bows</ { printf \"%.2f\\n\", (\$8 - \$4) / 1.163 }"' sh "$f"
	assert_output '9.00'
	refcard-render --lang=en -o "$h" "$a"
	assert_equal "$(cell "$h" "//section/@style")" "font-size: 9.00pt"
	# the densest corpus army stays in its small type
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" 2>/dev/null | refcard-render -T pdf --rules=dba3 --lang=de --army=III/39 -o "$f" || true
	run -0 sh -c 'pdftotext -bbox "$1" - | awk -F"\"" "/<word .*>Reiterei</ { printf \"%.2f\\n\", (\$8 - \$4) / 1.163; exit }"' sh "$f"
	[[ $output == 6.* ]]
}

@test "refcard-render: an army none of whose list could be read (unknown troops, no elements) gets no card, named in a card-no-list warning" {
	printf '%s\n' 'I/5 Odd Army 1000BC' '1x Foo, 2x Bar' '' 'I/6 Empty 900BC' 'Terrain Arable' '' 'I/7 Real 800BC' '1x3Cv (Gen), 11x4Sp' > "$BATS_TEST_TMPDIR/n.txt"
	armylist-parse "$BATS_TEST_TMPDIR/n.txt" 2>/dev/null > "$BATS_TEST_TMPDIR/n.xml" || true
	run -0 --separate-stderr refcard-render "$BATS_TEST_TMPDIR/n.xml"
	assert_equal "$stderr" "refcard-render: $BATS_TEST_TMPDIR/n.xml: warning: army I/5: no troop type of its list could be read ($BATS_TEST_TMPDIR/n.txt:1), no card
refcard-render: $BATS_TEST_TMPDIR/n.xml: warning: army I/6: no troop type of its list could be read ($BATS_TEST_TMPDIR/n.txt:4), no card"
	assert_equal "$(grep -c '<h1><span class="id">' <<<"$output")" 1
	assert_line --partial '<h1><span class="id">I/7</span>'
}

@test "refcard-render: --army with a qualifier picks one of two variants under one id (I/14d@700BC, I/14d#2)" {
	armylist-parse "$FIX/armylist-select/variants.txt" > "$BATS_TEST_TMPDIR/v.xml"
	run -0 --separate-stderr refcard-render --army=I/14d "$BATS_TEST_TMPDIR/v.xml"
	assert_equal "$(grep -c '<h1><span class="id">I/14d</span>' <<<"$output")" 2
	for q in I/14d@700BC I/14d#2 I/14d@400BC; do
		run -0 --separate-stderr refcard-render --army=$q "$BATS_TEST_TMPDIR/v.xml"
		assert_equal "$stderr" ""
		assert_equal "$(grep -c '<h1><span class="id">I/14d</span>' <<<"$output")" 1
		assert_line --partial '700'
		refute_line --partial '1400'
	done
	run -3 --separate-stderr refcard-render --army=I/14d@later "$BATS_TEST_TMPDIR/v.xml"
}

# fontconfig's configuration read as before (core/ownfont.h): a user's own
# configuration path
system_fonts() {
	[ -d /etc/fonts ] || skip "no /etc/fonts"
	FONTCONFIG_PATH=/etc/fonts "$@"
}

@test "fonts: DejaVu Sans from its directory sets the same cards, byte for byte, as fontconfig's configuration" {
	local f
	export SOURCE_DATE_EPOCH=1700000000
	# an army name with a character DejaVu Sans lacks (U+4E2D): the
	# system's fonts for the whole PDF, from a file or standard input
	sed '0,/<name\([^>]*\)>\([^<]*\)</s//<name\1>\2 \xe4\xb8\xad</' \
	    "$ARMIES" > "$BATS_TEST_TMPDIR/cjk.xml"
	grep -q "$(printf '\xe4\xb8\xad')" "$BATS_TEST_TMPDIR/cjk.xml"
	for f in "$ARMIES" "$BATS_TEST_TMPDIR/cjk.xml"; do
		refcard-render -T pdf -o "$BATS_TEST_TMPDIR/own.pdf" "$f"
		system_fonts refcard-render -T pdf -o "$BATS_TEST_TMPDIR/sys.pdf" "$f"
		cmp "$BATS_TEST_TMPDIR/own.pdf" "$BATS_TEST_TMPDIR/sys.pdf"
		refcard-render -T pdf < "$f" > "$BATS_TEST_TMPDIR/in.pdf"
		cmp "$BATS_TEST_TMPDIR/own.pdf" "$BATS_TEST_TMPDIR/in.pdf"
		refcard-render --lang=ru -T html "$f" > "$BATS_TEST_TMPDIR/own.html"
		system_fonts refcard-render --lang=ru -T html "$f" > "$BATS_TEST_TMPDIR/sys.html"
		cmp "$BATS_TEST_TMPDIR/own.html" "$BATS_TEST_TMPDIR/sys.html"
	done
	# the character as a reference, and in a rules card's text
	sed 's/\xe4\xb8\xad/\&#x4E2D;/' "$BATS_TEST_TMPDIR/cjk.xml" > "$BATS_TEST_TMPDIR/ref.xml"
	refcard-render -T pdf -o "$BATS_TEST_TMPDIR/ref.pdf" "$BATS_TEST_TMPDIR/ref.xml"
	cmp "$BATS_TEST_TMPDIR/sys.pdf" "$BATS_TEST_TMPDIR/ref.pdf"
}

@test "fonts: a start reads no fontconfig configuration unless the user has one or the text needs the system's fonts" {
	command -v strace >/dev/null || skip "no strace"
	[ -z "${BELLIS_SAN:-}" ] ||
	    skip "LeakSanitizer does not run under ptrace (strace)"
	strace -f -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace" \
	    refcard-render -T pdf -o "$BATS_TEST_TMPDIR/own.pdf" "$ARMIES"
	run ! grep -q 'fonts\.conf' "$BATS_TEST_TMPDIR/trace"
	system_fonts strace -f -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace" \
	    refcard-render -T html "$ARMIES" > /dev/null
	grep -q 'fonts\.conf' "$BATS_TEST_TMPDIR/trace"
	sed '0,/<name\([^>]*\)>\([^<]*\)</s//<name\1>\2 \xe4\xb8\xad</' \
	    "$ARMIES" > "$BATS_TEST_TMPDIR/cjk.xml"
	strace -f -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace" \
	    refcard-render -T html "$BATS_TEST_TMPDIR/cjk.xml" > /dev/null
	grep -q 'fonts\.conf' "$BATS_TEST_TMPDIR/trace"
	# a PDF of standard input: a file is read for its characters first,
	# as a file named is; a pipe takes the system's fonts
	strace -f -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace" \
	    refcard-render -T pdf < "$ARMIES" > "$BATS_TEST_TMPDIR/in.pdf"
	run ! grep -q 'fonts\.conf' "$BATS_TEST_TMPDIR/trace"
	strace -f -e trace=open,openat -o "$BATS_TEST_TMPDIR/trace" \
	    refcard-render -T pdf < "$BATS_TEST_TMPDIR/cjk.xml" > /dev/null
	grep -q 'fonts\.conf' "$BATS_TEST_TMPDIR/trace"
	cat "$ARMIES" | strace -f -e trace=open,openat \
	    -o "$BATS_TEST_TMPDIR/trace" refcard-render -T pdf |
	    cmp - "$BATS_TEST_TMPDIR/in.pdf"
	grep -q 'fonts\.conf' "$BATS_TEST_TMPDIR/trace"
}

@test "fonts: fontconfig's start, match and sort of each font run in the caller: no thread (one card: 16 fonts; pango 1.50 started 33)" {
	command -v strace >/dev/null || skip "no strace"
	[ -z "${BELLIS_SAN:-}" ] ||
	    skip "LeakSanitizer does not run under ptrace (strace)"
	local t=$BATS_TEST_TMPDIR/trace n
	# pango 1.50 started two threads for each font (type size, weight,
	# width) it had not seen, and one for its start of fontconfig
	for fmt in html pdf; do
		strace -f -e trace=clone,clone3 -o "$t" refcard-render \
		    -T $fmt --army=III/17 "$ARMIES" > "$BATS_TEST_TMPDIR/out.$fmt"
		n=$(grep -c 'clone' "$t") || true
		[ "$n" -eq 0 ] || fail "$fmt: $n threads started"
		refcard-render -T $fmt --army=III/17 "$ARMIES" |
		    cmp - "$BATS_TEST_TMPDIR/out.$fmt"
	done
	system_fonts strace -f -e trace=clone,clone3 -o "$t" \
	    refcard-render -T html --army=III/17 "$ARMIES" > /dev/null
	n=$(grep -c 'clone' "$t") || true
	[ "$n" -eq 0 ] || fail "system fonts: $n threads started"
}

@test "memory: the heap's first MB is mapped in one call, not a page fault a page; the cards are the same" {
	command -v strace >/dev/null || skip "no strace"
	[ -z "${BELLIS_SAN:-}" ] ||
	    skip "the sanitizers' allocator is not glibc's heap"
	local t=$BATS_TEST_TMPDIR/trace n k
	# MADV_POPULATE_WRITE came with Linux 5.14
	k=$(uname -r | awk -F. '{ print $1 * 1000 + $2 }')
	[ "$k" -ge 5014 ] || skip "Linux $(uname -r): no MADV_POPULATE_WRITE"
	strace -e trace=madvise,brk -o "$t" refcard-render -T html \
	    --army=III/17 "$ARMIES" > "$BATS_TEST_TMPDIR/out.html"
	n=$(grep -c 'MADV_POPULATE_WRITE) = 0' "$t") || true
	[ "$n" -eq 1 ] || fail "$n calls"
	# one card grows the heap no further than that
	n=$(sed -n '/MADV_POPULATE_WRITE/,$p' "$t" | grep -c '^brk') || true
	[ "$n" -eq 0 ] || fail "the heap grew $n times after"
	refcard-render -T html --army=III/17 "$ARMIES" |
	    cmp - "$BATS_TEST_TMPDIR/out.html"
}

@test "an army card names its allies with their joins: or, and/or, a comma (de, en, ru)" {
	local l want
	armylist-parse --rules=dba3 "$SAMPLES/club-page.txt" > "$BATS_TEST_TMPDIR/c.xml"
	for l in en:or:and/or de:oder:und/oder ru:или:и/или; do
		IFS=: read -r lang o ao <<<"$l"
		run -0 --separate-stderr refcard-render --rules=dba3 -T html \
		    --lang="$lang" --army=III/29b "$BATS_TEST_TMPDIR/c.xml"
		want="III/40b</span> $o <span class=\"id\">III/47</span> $ao <span class=\"id\">III/63a</span>"
		[[ $output == *"$want"* ]] || fail "$lang: no '$want'"
	done
}

@test "refcard-render: a card's fit is its own: the last cards of the 3.0 corpus in one PDF are set as each alone" {
	# 634 cards measure some 10,000 texts: the memo of measured texts
	# (MEMO_MAX 4096) lets go the most of them several times on the way,
	# keeping those more than one card asked for; every word of the last
	# cards (one page each) stands where it stands on the card alone
	need_pdf
	command -v pdftotext >/dev/null || skip "pdftotext (poppler-utils) is missing"
	d=$BATS_TEST_TMPDIR
	armylist-parse --rules=dba3 corpus/dba3-lists.txt > "$d/a.xml" 2>/dev/null || :
	run -0 --separate-stderr refcard-render -T pdf --lang=de -o "$d/all.pdf" "$d/a.xml"
	run -0 pdfinfo "$d/all.pdf"
	assert_line --regexp '^Pages: +634$'
	# the page of each of the last armies whose id is its own
	grep -o '<army id="[^"]*"' "$d/a.xml" | cut -d'"' -f2 |
	    awk '{ id[NR] = $0; n[$0]++ } END { for (i = NR - 5; i <= NR; i++)
	    if (n[id[i]] == 1) print i, id[i] }' > "$d/last"
	assert_equal "$(wc -l < "$d/last")" 4
	while read -r page id; do
		run -0 --separate-stderr refcard-render -T pdf --lang=de --army="$id" -o "$d/one.pdf" "$d/a.xml"
		run -0 pdfinfo "$d/one.pdf"
		assert_line --regexp '^Pages: +1$'
		pdftotext -bbox "$d/one.pdf" - | grep '<word' > "$d/one.txt"
		pdftotext -bbox -f "$page" -l "$page" "$d/all.pdf" - | grep '<word' > "$d/all.txt"
		[ "$(wc -l < "$d/one.txt")" -gt 100 ]
		diff "$d/one.txt" "$d/all.txt"
	done < "$d/last"
}

@test "refcard-render: a card's fit is its own: the last cards of the 3.0 corpus in one HTML run are set as each alone" {
	# the HTML cards are measured for the browser's page and, for the
	# key line, for the PDF's page: two measurers with one memo of
	# measured texts, swept past MEMO_MAX on the way (the corpus has some
	# 10,000 texts); each of the last cards is the card set alone
	d=$BATS_TEST_TMPDIR
	armylist-parse --rules=dba3 corpus/dba3-lists.txt > "$d/a.xml" 2>/dev/null || :
	run -0 --separate-stderr refcard-render -T html --lang=ru -o "$d/all.html" "$d/a.xml"
	grep -o '<army id="[^"]*"' "$d/a.xml" | cut -d'"' -f2 |
	    awk '{ id[NR] = $0; n[$0]++ } END { for (i = NR - 40; i <= NR; i++)
	    if (n[id[i]] == 1) print id[i] }' > "$d/last"
	[ "$(wc -l < "$d/last")" -gt 20 ]
	while read -r id; do
		run -0 --separate-stderr refcard-render -T html --lang=ru --army="$id" -o "$d/one.html" "$d/a.xml"
		for f in one all; do
			awk -v id="data-id=\"$id\">" 'index($0, id) { p = 1 }
			    p { print } p && /<\/section>/ { exit }' "$d/$f.html" > "$d/$f.card"
		done
		[ "$(wc -l < "$d/one.card")" -gt 5 ]
		diff "$d/one.card" "$d/all.card"
	done < "$d/last"
}
