#!/bin/sh
# make demo: the main pipeline on the samples (German sheets -> XML -> ...).
# $1: the directory of the built tools.
set -eu
bin=$1
PATH="$bin:$PATH"
mkdir -p demo
echo "== armylist-parse: four carriers (HTML, pipe table, TSV, English text) -> demo/armylists.xml"
armylist-parse -o demo/armylists.xml samples/armeelisten-1-60.html \
    samples/armeelisten-61-120.txt samples/armeelisten-121-180.tsv \
    samples/english-lists.txt
echo "   $(grep -c '<army ' demo/armylists.xml) armies, schema: $(xmllint --noout --relaxng formats/armylist.rng demo/armylists.xml 2>&1)"
echo
echo "== armylist-check: the parsed samples -> demo/findings.txt"
armylist-check -o demo/findings.txt demo/armylists.xml 2>demo/summary.txt || true
echo "   $(cat demo/summary.txt)"
head -n 3 demo/findings.txt
echo
echo "== armylist-check on lists as club members typed them in: one table of problems"
armylist-check --rules=dba22 -T tsv samples/club-submissions.txt 2>/dev/null |
    cut -f2-6 || true
echo
echo "== the parsed lists as TSV (first lines)"
armylist-parse -T tsv demo/armylists.xml | head -n 6 | cut -c1-110
echo
echo "== the German sheet rendered as English list text (first army)"
armylist-parse -T text --lang=en samples/armeelisten-61-120.txt | sed -n '1,7p'
echo
echo "== combat-calc: a few combats with their exact odds"
combat-calc --odds samples/combats.txt
echo
echo "== combat-calc: the same combats rolled with seed 42"
combat-calc --roll -s 42 samples/combats.txt
echo
echo "== combat-calc: a DBA 2.2 matchup (7Hd Hordes vs 4Bd Blades), with the source of each figure"
echo '7Hd vs 4Bd' | combat-calc --rules=dba22 --odds --explain
echo
echo "== move-check: a sample bound (some moves are illegal on purpose: exit 1)"
move-check samples/bound.txt || [ $? -eq 1 ]
echo
echo "== campaign-catastrophe: a sample battle (seed 7), then its exact odds"
campaign-catastrophe -s 7 samples/battle.txt
campaign-catastrophe --odds samples/battle.txt | head -n 16
echo
echo "== campaign-survival: the player characters of that battle (seed 7)"
campaign-survival -s 7 samples/party.txt
echo
echo "== refcard-render: army, rules and campaign cards (German; HTML for a browser, A5 PDF to print)"
refcard-render --lang=de --cards=army,rules,campaign -o demo/cards.html demo/armylists.xml
refcard-render -T pdf --paper=a5 --lang=de --cards=army,rules,campaign -o demo/cards.pdf demo/armylists.xml
refcard-render -T pdf --lang=ru --cards=rules,campaign -o demo/rules-ru.pdf
echo "   demo/cards.html: $(grep -c '<section' demo/cards.html) cards"
echo "   demo/cards.pdf: $(pdfinfo demo/cards.pdf 2>/dev/null | sed -n 's/^Pages: *//p') pages"
echo "   demo/rules-ru.pdf: the rules and campaign cards in Russian (A6)"
echo
echo "== tonight's game: the Alexandrian Macedonians (II/12) and the enemy of theirs"
echo "   from Athens, both active in 330 BC; their matchup card and both army cards,"
echo "   four A6 cards to an A4 sheet"
armylist-select --year=-330 --name='Macedonian|Athenian' \
    -o demo/tonight.xml samples/corpus-sample.xml
armylist-select -T tsv demo/tonight.xml | cut -f1,2,7
echo "   enemies of II/12 among them: $(armylist-select -T tsv --enemy-of=II/12 demo/tonight.xml | sed -n '2s/\t.*//p')"
# no --rules: the collection is labelled dba22, and the cards say DBA 2.2
refcard-render --lang=en --matchup=II/12,II/5b \
    -o demo/matchup.html demo/tonight.xml
refcard-render -T pdf --lang=en --matchup=II/12,II/5b \
    --army=II/12,II/5b --impose=2x2 --paper=a4 -o demo/tonight.pdf \
    demo/tonight.xml
echo "   demo/matchup.html: the matchup card; demo/tonight.pdf: $(pdfinfo demo/tonight.pdf 2>/dev/null | sed -n 's/^Pages: *//p') A4 sheet"
echo

echo "== DBA 3.0: two lists as players write them -> checked -> a combat -> their matchup card"
armylist-parse --rules=dba3 -o demo/dba3.xml samples/dba3-lists.txt
echo "   $(grep -c "<army " demo/dba3.xml) armies labelled rules=dba3; armylist-check: $(armylist-check -T tsv demo/dba3.xml | tail -n +2 | wc -l) findings"
echo '6Kn vs 4Bd' | combat-calc --rules=dba3 --odds --explain | head -n 5
refcard-render --lang=en --matchup=II/56,II/40 --army=II/56,II/40 \
    -o demo/matchup-dba3.html demo/dba3.xml
echo "   demo/matchup-dba3.html: the 3.0 matchup card and both army cards (moves in BW)"
echo

echo "== battle-scan: the battle line adjudicated, its bound checked and drawn"
battle-scan -T combat samples/battle-line.xml | combat-calc --odds | head -n 3
battle-scan -T moves --plan=samples/battle-line.plan samples/battle-line.xml |
    move-check > demo/verdicts.txt || true
cat demo/verdicts.txt
battle-scan -T svg --plan=samples/battle-line.plan \
    --verdicts=demo/verdicts.txt -o demo/battle-line.svg samples/battle-line.xml
echo "   demo/battle-line.svg: the table to scale"
echo
echo "demo: outputs are in demo/ (armylists.xml, findings.txt, cards.html, cards.pdf, rules-ru.pdf, tonight.pdf, matchup-dba3.html, battle-line.svg)"
