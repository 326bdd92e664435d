#!/bin/sh
# bench/card-fit.sh BINDIR [CORPUS [LANGS [RULES]]]: how many army cards of
# the corpus do not fit one A6 PDF page (refcard-render warns "does not
# fit one page"), per rules edition and language; one line each:
#   rules lang armies overflow
# CORPUS defaults to ../shared/corpus/dba22-lists.txt, LANGS to "de en
# ru", RULES to "dba1 dba22".
set -eu
bin=${1:?usage: bench/card-fit.sh BINDIR [CORPUS [LANGS [RULES]]]}
corpus=${2:-../shared/corpus/dba22-lists.txt}
langs=${3:-de en ru}
editions=${4:-dba1 dba22}
tmp=$(mktemp -d) || exit 4
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "rules	lang	armies	overflow"
for r in $editions; do
	# the corpus has a few bad lines: the good armies are written anyway
	"$bin/armylist-parse" --rules="$r" "$corpus" > "$tmp/a.xml" \
	    2> /dev/null || [ $? -eq 2 ]
	n=$(grep -c '<army ' "$tmp/a.xml") || n=0
	for l in $langs; do
		"$bin/refcard-render" -T pdf --rules="$r" --lang="$l" \
		    -o "$tmp/c.pdf" "$tmp/a.xml" 2> "$tmp/err"
		k=$(grep -c 'does not fit one page' "$tmp/err") || k=0
		printf '%s\t%s\t%s\t%s\n' "$r" "$l" "$n" "$k"
	done
done
