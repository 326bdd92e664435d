#!/usr/bin/env bats
# print: the cards and battle pictures as they print, measured:
# the smallest type from pdftotext -bbox (a word's height is DejaVu's
# ascent and descent, 1.163 of its size), the sizes on one sheet, the
# page size of battle-scan --paper.
load helpers/common

setup() {
	command -v pdftotext >/dev/null ||
	    skip "pdftotext (poppler-utils) is missing: make deps"
}

# sizes PDF REGEX: the type size of each word of PDF matching REGEX (an
# awk regular expression on the word), one a line, smallest first.
sizes() {
	pdftotext -bbox "$1" - | awk -F'"' -v re="$2" '/<word / {
		w = $9; sub(/^>/, "", w); sub(/<\/word>.*/, "", w)
		if (w ~ re) printf "%.2f\n", ($8 - $4) / 1.163 }' | sort -n
}

@test "print: signs (†, ‡, *, ?) are at least 6.5 pt on every rules card, alone and imposed" {
	local t=$BATS_TEST_TMPDIR r im n
	for r in dba1 dba22 dba3; do
		for im in "" "--impose=2x2 --paper=a4" "--impose=1x2 --paper=letter"; do
			refcard-render -T pdf --cards=rules --rules=$r --lang=en \
			    $im -o "$t/r.pdf" </dev/null
			# a sign in its own size pdftotext gives as a word of its own
			n=$(sizes "$t/r.pdf" '^[†‡*?]+$' | head -1)
			[ -n "$n" ]
			awk -v n="$n" -v c="$r $im" 'BEGIN { if (n < 6.45) {
			    print c ": a sign at " n " pt"; exit 1 } }'
		done
	done
	# the HTML cards: a sign never under 6.5 pt
	run -0 refcard-render --cards=rules --rules=dba22 --lang=en
	assert_output --partial 'sup.conf { font-size: max(0.75em, 6.5pt);'
}

# sheet_sizes PDF: for each sheet of an imposed PDF, the type its margin
# names, the smallest type of its cards and the sizes between that and
# a heading (a second body size), as "NAMED SMALLEST BETWEEN".
sheet_sizes() {
	pdftotext -bbox "$1" - | awk -F'"' '
	function flush() {
		if (n == 0) return
		m = 99; b = 0
		for (i = 1; i <= n; i++) if (y[i] != ny && h[i] < m) m = h[i]
		for (i = 1; i <= n; i++)
			if (y[i] != ny && h[i] > m + 0.03 && h[i] < 1.15 * m) b++
		printf "%s %.3f %d\n", named, m, b
		n = 0
	}
	/<page / { flush() }
	/<word / {
		w = $9; sub(/^>/, "", w); sub(/<\/word>.*/, "", w)
		n++; h[n] = ($8 - $4) / 1.163; y[n] = $4
		if (w == "sheet:") ny = $4
		if (prev == "sheet:") named = w
		prev = w
	}
	END { flush() }'
}

@test "print: the cards of an imposed sheet share one type size, which the sheet names in its margin" {
	local t=$BATS_TEST_TMPDIR im
	for im in "--impose=2x2 --paper=a4" "--impose=1x2 --paper=letter"; do
		refcard-render -T pdf --lang=en $im -o "$t/s.pdf" \
		    "$SAMPLES/english-lists.xml"
		sheet_sizes "$t/s.pdf" > "$t/sizes"
		cat "$t/sizes"
		[ "$(wc -l < "$t/sizes")" -ge 2 ]
		# one body size a sheet, the named one as printed (to its
		# tenth of a point)
		run -0 awk '$3 != 0 || $1 < 6.5 { print "sheet " NR ": " $0; bad = 1 }
		    { d = $2 - $1; if (d > 0.051 || d < -0.051) {
		      print "sheet " NR ": named " $1 ", printed " $2; bad = 1 } }
		    END { exit bad }' "$t/sizes"
	done
	# German: a decimal comma
	refcard-render -T pdf --lang=de --impose=2x2 --paper=a4 -o "$t/d.pdf" \
	    "$SAMPLES/english-lists.xml"
	run -0 pdftotext "$t/d.pdf" -
	assert_output --regexp 'Schriftgröße aller Karten dieses Bogens: [0-9]+(,[0-9]+)? pt'
}

# notch_in_base SVG: the facing notches (black triangles a tenth of a
# base wide; the side tags' arrows are wider) of a battle picture whose
# tip lies in a base or label plate (a quad of a side's fill), one a
# line.
notch_in_base() {
	grep -o '<polygon points="[^"]*" fill="#[0-9a-f]*"' "$1" | awk -F'"' '
	{ n = split($2, p, "[ ,]") }
	n == 6 && $4 == "#000000" && (p[3] - p[1]) ^ 2 + (p[4] - p[2]) ^ 2 < 400 {
		tx[++nt] = p[5]; ty[nt] = p[6] }
	n == 8 && ($4 == "#d9534f" || $4 == "#6f93d4") {
		nq++; for (i = 1; i <= 8; i++) q[nq, i] = p[i] }
	function inside(x, y, k,   i, j, s, c, pos, neg) {
		pos = neg = 0
		for (i = 0; i < 4; i++) {
			j = (i + 1) % 4
			c = (q[k, 2*j+1] - q[k, 2*i+1]) * (y - q[k, 2*i+2])
			c -= (q[k, 2*j+2] - q[k, 2*i+2]) * (x - q[k, 2*i+1])
			if (c > 0) pos++; if (c < 0) neg++
		}
		return pos == 0 || neg == 0
	}
	END { for (t = 1; t <= nt; t++) for (k = 1; k <= nq; k++)
		if (inside(tx[t], ty[t], k)) { print tx[t] "," ty[t]; break } }'
}

@test "print: no facing notch runs into a base or its label plate (b1 Spears in the hill sample)" {
	local t=$BATS_TEST_TMPDIR s
	for s in line hill river dba3; do
		battle-scan -T svg --plan="$SAMPLES/battle-$s.plan" \
		    "$SAMPLES/battle-$s.xml" > "$t/$s.svg"
		run -0 notch_in_base "$t/$s.svg"
		assert_output ''
	done
	# a base with its front free keeps its notch
	run -0 sh -c 'grep -c "fill=\"#000000\"/>" "$1"' sh "$t/hill.svg"
	[ "$output" -ge 5 ]
}

# grey HEX: the luminance of an sRGB colour (0..1), as a grey print
# gives it; contrast HEX HEX: the WCAG contrast ratio of two colours.
lum_awk='function lin(c) { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 }
function hx(s, i) { return index("0123456789abcdef", substr(s, i, 1)) - 1 }
function ch(s, i) { return 16 * hx(s, i) + hx(s, i + 1) }
function rl(s) { return 0.2126 * lin(ch(s, 2)) + 0.7152 * lin(ch(s, 4)) + 0.0722 * lin(ch(s, 6)) }
function grey(s) { return (0.2126 * ch(s, 2) + 0.7152 * ch(s, 4) + 0.0722 * ch(s, 6)) / 255 }
function contrast(a, b,   x, y) { x = rl(a) + 0.05; y = rl(b) + 0.05; return x > y ? x / y : y / x }'

@test "print: battle pictures are grey-safe: ids at 4.5:1 on either side, bases darker than terrain, support casing, front contact patterned" {
	local t=$BATS_TEST_TMPDIR s
	battle-scan -T svg --plan="$SAMPLES/battle-hill.plan" \
	    "$SAMPLES/battle-hill.xml" > "$t/h.svg"
	# the side fills: the key's first two samples; an id's colour
	red=$(grep -o 'fill="#d9534f"' "$t/h.svg" | head -1 | cut -d'"' -f2)
	blue=$(grep -o '<polygon points="[^"]*" fill="#[0-9a-f]*"/>' "$t/h.svg" |
	    grep -v 'fill="#d9534f"' | awk -F'"' '{ n = split($2, p, "[ ,]") }
	    n == 8 { c[$4]++ } END { for (k in c) if (c[k] > m) { m = c[k]; b = k }; print b }')
	id=$(grep -o 'fill="#[0-9a-f]*"[^>]*>b1<' "$t/h.svg" | cut -d'"' -f2)
	[ -n "$red" ] && [ -n "$blue" ] && [ -n "$id" ]
	run -0 awk -v r="$red" -v b="$blue" -v i="$id" "$lum_awk"'
	    BEGIN { x = contrast(r, i); y = contrast(b, i)
	    printf "%.1f %.1f\n", x, y; exit !(x >= 4.5 && y >= 4.5) }' 
	# the terrain fills (drawn before the first base) at least 0.1
	# lighter in grey than either side's bases
	grep -o '<polygon points="[^"]*" fill="#[0-9a-f]*"' "$t/h.svg" |
	    awk -F'"' -v r="$red" -v b="$blue" '$4 == r || $4 == b { exit }
	    { print $4 }' | sort -u > "$t/terrain"
	[ "$(wc -l < "$t/terrain")" -ge 3 ]
	run -0 awk -v b="$blue" "$lum_awk"'
	    grey($1) < grey(b) + 0.1 { print $1 " " grey($1) " vs " grey(b); bad = 1 }
	    END { exit bad }' "$t/terrain"
	# a support link has a white casing; a front contact a white
	# dashed middle on its red bar
	grep -q 'stroke="#ffffff" stroke-width="12"' "$t/h.svg"
	grep -q 'stroke="#ffffff" stroke-width="3" [^>]*dasharray' "$t/h.svg"
}

@test "print: the battle key lists what the picture has, what the edition has, and the front edge" {
	local t=$BATS_TEST_TMPDIR
	command -v pdftotext >/dev/null || skip "pdftotext is missing"
	# dba3: no Psiloi support; no plan: no moves; no flank contact
	battle-scan -T pdf "$SAMPLES/battle-dba3.xml" > "$t/d.pdf"
	run -0 pdftotext -layout "$t/d.pdf" -
	assert_output --partial 'front edge'
	assert_output --partial 'front contact'
	refute_output --partial 'Psiloi support'
	refute_output --partial 'move'
	refute_output --partial 'flank'
	# the line sample under 2.2 has Psiloi support, and with its plan
	# judged legal moves only
	battle-scan -T moves --plan="$SAMPLES/battle-line.plan" \
	    "$SAMPLES/battle-line.xml" | move-check > "$t/l.v" || true
	battle-scan -T pdf --plan="$SAMPLES/battle-line.plan" \
	    --verdicts="$t/l.v" "$SAMPLES/battle-line.xml" > "$t/l.pdf"
	run -0 pdftotext -layout "$t/l.pdf" -
	assert_output --partial 'Psiloi support'
	assert_output --partial 'legal move'
	refute_output --partial 'illegal move'
	refute_output --partial 'planned move'
}

# paper_ok PDF SHEET: PDF is one page of SHEET (w x h in points, either
# way up) and no word of it is under 6.5 pt.
paper_ok() {
	local size least
	size=$(pdfinfo "$1" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1 \2/p')
	awk -v s="$size" -v want="$2" 'BEGIN { split(s, a, " "); split(want, b, " ")
	    if (!((int(a[1] + 0.5) == b[1] && int(a[2] + 0.5) == b[2]) ||
	    (int(a[1] + 0.5) == b[2] && int(a[2] + 0.5) == b[1]))) {
		print "page " s ", not " want; exit 1 } }'
	least=$(sizes "$1" '.' | head -1)
	[ -n "$least" ]
	awk -v n="$least" -v f="$1" 'BEGIN { if (n < 6.5) {
	    print f ": a word at " n " pt"; exit 1 } }'
}

@test "print: battle-scan --paper: the sheet's size, no word under 6.5 pt, the scale said, the part of the table said (PDF and SVG)" {
	local t=$BATS_TEST_TMPDIR s p sheet
	for s in line hill river dba3; do
		for p in a4:"595 842" a3:"842 1191" letter:"612 792"; do
			sheet=${p#*:}
			battle-scan -T pdf --paper=${p%%:*} \
			    --plan="$SAMPLES/battle-$s.plan" \
			    "$SAMPLES/battle-$s.xml" > "$t/$s.pdf"
			paper_ok "$t/$s.pdf" "$sheet"
			if command -v rsvg-convert >/dev/null; then
				battle-scan -T svg --paper=${p%%:*} --fit=action \
				    "$SAMPLES/battle-$s.xml" > "$t/$s.svg"
				rsvg-convert -f pdf "$t/$s.svg" -o "$t/$s-svg.pdf"
				paper_ok "$t/$s-svg.pdf" "$sheet"
			fi
		done
	done
	# the line sample on A4: the whole table would set its ids at about
	# 4.5 pt, so the picture shows where the bases stand, and says so;
	# the scale bar says the scale
	battle-scan -T pdf --paper=a4 "$SAMPLES/battle-line.xml" > "$t/a4.pdf"
	run -0 pdftotext -layout "$t/a4.pdf" -
	assert_output --regexp '160 p, 1:[0-9]\.[0-9]'
	assert_output --partial 'part of the table where the bases stand: x 160'
	assert_output --partial 'the whole table would set the labels under 6.5 pt'
	# asked for, the part says what it is, not why
	battle-scan -T pdf --paper=a3 --fit=action "$SAMPLES/battle-line.xml" > "$t/a3.pdf"
	run -0 pdftotext -layout "$t/a3.pdf" -
	assert_output --partial 'part of the table where the bases stand'
	refute_output --partial 'the whole table would'
	# a small table fits whole: no note (1000 by 800 paces, two bases)
	cat > "$t/small.xml" <<-'EOF'
	<battlefield version="1" rules="dba1" width="1000" height="800">
	<side name="red" pips="2"><element id="r1" troop="Bd" x="400" y="300" facing="0"/></side>
	<side name="blue" pips="2"><element id="b1" troop="Wb" x="560" y="500" facing="180"/></side>
	</battlefield>
	EOF
	battle-scan -T pdf --paper=a3 "$t/small.xml" > "$t/s.pdf"
	paper_ok "$t/s.pdf" "842 1191"
	run -0 pdftotext -layout "$t/s.pdf" -
	refute_output --partial 'part of the table'
	assert_output --regexp ', 1:[0-9.]+'
	# at the table's size nothing changes: --paper=table and --fit are
	# today's picture, byte for byte
	battle-scan -T svg "$SAMPLES/battle-hill.xml" > "$t/a.svg"
	battle-scan -T svg --paper=table --fit=action "$SAMPLES/battle-hill.xml" > "$t/b.svg"
	cmp "$t/a.svg" "$t/b.svg"
	# German: the note in the language of the labels
	battle-scan -T pdf --paper=a4 --lang=de "$SAMPLES/battle-line.xml" > "$t/de.pdf"
	run -0 pdftotext -layout "$t/de.pdf" -
	assert_output --partial 'Ausschnitt, wo die Elemente stehen'
}

@test "print: a river is far lighter in grey than either side's bases" {
	local t=$BATS_TEST_TMPDIR
	battle-scan -T svg "$SAMPLES/battle-river.xml" > "$t/r.svg"
	# the water: the stroke drawn over a river's dark bank
	water=$(awk -F'"' '/<polyline / && bank { for (i = 1; i < NF; i++)
	    if ($i ~ / stroke=$/) { print $(i + 1); exit } }
	    { bank = /<polyline / && / stroke="#2f5f9a"/ && !/stroke-width="2.5"/ }' "$t/r.svg")
	[ -n "$water" ]
	run -0 awk -v w="$water" "$lum_awk"'
	    BEGIN { printf "%s %.2f, contrast %.1f and %.1f\n", w, grey(w),
	    contrast(w, "#d9534f"), contrast(w, "#6f93d4")
	    exit !(grey(w) >= grey("#6f93d4") + 0.25 &&
	    contrast(w, "#6f93d4") >= 2 && contrast(w, "#d9534f") >= 2) }'
}

@test "print: one term per edition: 2.2 and 1.x cards say difficult going, 3.0 cards bad going" {
	local t=$BATS_TEST_TMPDIR r
	printf 'I/1a Early Sumerian 3000-2800BC\n1x3Bd (Gen), 8x4Bw, 3x2Ps\n' |
	    armylist-parse > "$t/a.xml"
	for r in dba1 dba22; do
		run -0 refcard-render --rules=$r --lang=en --cards=army,rules "$t/a.xml"
		assert_output --partial 'difficult going'
		refute_output --partial 'bad going'
	done
	run -0 refcard-render --rules=dba3 --lang=en --cards=army,rules "$t/a.xml"
	assert_output --partial 'bad going'
	refute_output --partial 'difficult going'
}

@test "print: the outcome card's 'Unless noted' heads its table" {
	local r
	for r in dba1 dba22 dba3; do
		run -0 refcard-render --rules=$r --cards=rules --lang=en </dev/null
		run -0 awk '/data-id="outcomes"/ { on = 1 } on && /Unless noted/ { print "text"; exit }
		    on && /<table/ { print "table"; exit }' <<<"$output"
		assert_output text
	done
}

@test "print: the facts strip keeps each value whole: no line ends with a dot, no 'DBA' / '3.0' or 'BC' alone (the 634 3.0 cards)" {
	local t=$BATS_TEST_TMPDIR
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" 2>/dev/null |
	    refcard-render -T pdf --rules=dba3 --lang=en -o "$t/c.pdf" || true
	run -0 sh -c 'pdftotext -raw "$1" - | grep -c -E "^(3\.0|BC|AD|–)( |$)|·$" || true' sh "$t/c.pdf"
	assert_output 0
}

@test "print: Russian and German terrain, conditional terrain too" {
	local t=$BATS_TEST_TMPDIR
	printf '%s\n' 'III/1 Test Army 1000-900BC' 'Terrain Littoral (if Venice or Genoa), otherwise Arable' '1x3Cv (Gen), 11x4Sp' |
	    armylist-parse > "$t/a.xml"
	# the text, without the spans that keep a fact on one line
	run -0 sh -c 'refcard-render --lang=ru "$1" | sed "s/<[^>]*>//g"' sh "$t/a.xml"
	assert_output --partial 'Побережье (если Венеция или Генуя), иначе Пашня'
	run -0 sh -c 'refcard-render --lang=de "$1" | sed "s/<[^>]*>//g"' sh "$t/a.xml"
	assert_output --partial 'Küste (falls Venedig oder Genua), sonst Ackerland'
	run -0 sh -c 'refcard-render --lang=en "$1" | sed "s/<[^>]*>//g"' sh "$t/a.xml"
	assert_output --partial 'Littoral (if Venice or Genoa), otherwise Arable'
	# "if not" as one, and a topography misspelt by a letter (the 3.0
	# corpus: Hily, Hillya, Hill), in the card's language
	printf '%s\n' 'III/1 Test Army 1000-900BC' 'Terrain Littoral if Venice or Genoa, Arable if not.' '1x3Cv (Gen), 11x4Sp' '' \
	    'III/2 Test Army 1000-900BC' 'Terrain Hily' '1x3Cv (Gen), 11x4Sp' |
	    armylist-parse > "$t/b.xml"
	run -0 sh -c 'refcard-render --lang=ru "$1" | sed "s/<[^>]*>//g"' sh "$t/b.xml"
	assert_output --partial 'Побережье если Венеция или Генуя, Пашня в остальных случаях.'
	assert_output --partial 'Местность&#160;Холмы &#183;'
	run -0 sh -c 'refcard-render --lang=de "$1" | sed "s/<[^>]*>//g"' sh "$t/b.xml"
	assert_output --partial 'Küste falls Venedig oder Genua, Ackerland sonst.'
	assert_output --partial 'Gelände&#160;Hügelland &#183;'
	# every terrain of the 3.0 corpus in German and Russian: no English
	# word left (Steppe is German too), no Latin letter in Russian
	armylist-parse --rules=dba3 "$CORPUS/dba3-lists.txt" 2>/dev/null > "$t/c.xml" || true
	for l in de ru; do
		run -0 sh -c 'refcard-render --rules=dba3 --lang=$1 "$2" | sed "s/<\/*span[^>]*>//g" | grep -o "<b>[^<]*</b>&#160;[^&]*" | sed -n "s/^<b>\(Gelände\|Местность\)<\/b>&#160;//p" | grep -c -i -w -E "[a-z]*(arable|hil[a-z]*|littoral|forest|dry|tropical|venice|genoa|if|not|otherwise|or)" || true' sh $l "$t/c.xml"
		assert_output 0
	done
	run -0 sh -c 'refcard-render --rules=dba3 --lang=ru "$1" | sed "s/<\/*span[^>]*>//g" | grep -o "<b>Местность</b>&#160;[^&]*" | sed "s/.*&#160;//" | grep -c "[A-Za-z]" || true' sh "$t/c.xml"
	assert_output 0
}
