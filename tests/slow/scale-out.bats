#!/usr/bin/env bats
# The same answer split over processes and hosts: the
# recipes of SCALING in bellis(7), every command run as written (the
# one for several machines with -S :, this machine, for -S host1,host2),
# and chunked runs of 1, 2 and 4 jobs against one run.  Needs GNU
# parallel (.ci/deps installs it).
load ../helpers/common

setup() {
	command -v parallel > /dev/null ||
	    { echo "GNU parallel is missing: run .ci/deps" >&2; return 1; }
}

@test "scale-out: every command of SCALING in bellis(7), the several machines' with -S :" {
	local kind cmd want n=0 d=$BATS_TEST_TMPDIR/scaling
	EXAMPLES_SECTION=SCALING examples bellis.7 > "$BATS_TEST_TMPDIR/cmds.nul"
	mkdir -p "$d" && ln -s "$TOP/samples" "$d/samples" &&
	    ln -s "$TOP/formats" "$d/formats" && cd "$d"
	while IFS= read -r -d '' -u 4 kind && IFS= read -r -d '' -u 4 cmd &&
	    IFS= read -r -d '' -u 4 want; do
		n=$((n + 1))
		assert_equal "$kind" '$'
		[[ $cmd != *"-S host1,host2 "* ]] || remote=$n
		run bash -o pipefail -c "${cmd//-S host1,host2 /-S : }" < /dev/null
		# parallel says it has no remote host to copy files to
		output=$(grep -v '^parallel: Warning: --[a-z]* ignored as there are no remote --sshlogin\.$' <<<"$output" || true)
		[ "$status" = 0 ] || { echo "SCALING $n: status $status: $cmd"$'\n'"$output"; false; }
		assert_equal "$output" "$want"
	done 4< "$BATS_TEST_TMPDIR/cmds.nul"
	assert_equal "$n" 23
	# the several machines' command ran: an output per part, fetched
	[ "${remote:-0}" -gt 0 ]
	assert_equal "$(ls part.0*.tsv | wc -l)" 3
	# and the one machine's chunks were several
	run -0 bash -c "parallel -k --pipepart -a rows.txt --block 300 wc -l | wc -l"
	[ "$output" -ge 2 ]
}

@test "scale-out: the list corpus cut into chunks, 1, 2 and 4 jobs: TSV and JSON Lines as one run, XML the same for all" {
	cd "$BATS_TEST_TMPDIR"
	# the two corpora three times over, every id its own
	awk '/^[IVX]+\// { s++; i = index($0, "/"); j = index($0, " "); $0 = substr($0, 1, i) s substr($0, j) } { print }' \
	    "$CORPUS"/*-lists.txt "$CORPUS"/*-lists.txt "$CORPUS"/*-lists.txt > big.txt
	[ "$(grep -c '^[IVX]*/' big.txt)" -gt 30 ]
	armylist-parse -T tsv big.txt > whole.tsv 2>/dev/null || true
	armylist-parse -T jsonl big.txt > whole.jsonl 2>/dev/null || true
	for j in 1 2 4; do
		parallel -j $j -k --pipepart -a big.txt --block 20k --recend '\n\n' 'armylist-parse -T tsv 2>/dev/null; true' |
		    awk 'NR == 1 { h = $0 } NR == 1 || $0 != h' > tsv.$j
		cmp whole.tsv tsv.$j
		parallel -j $j -k --pipepart -a big.txt --block 20k --recend '\n\n' 'armylist-parse --rules=dba22 2>/dev/null; true' |
		    awk 'NR == 2 { sub(/\/>$/, ">"); r = substr($1, 2) } NR <= 2 || !/^<[?\/a-z]/; END { print "</" r ">" }' > xml.$j
		parallel -j $j -k --pipepart -a whole.jsonl --block 20k 'armylist-parse -T jsonl 2>/dev/null; true' > jsonl.$j
		cmp whole.jsonl jsonl.$j
	done
	cmp xml.1 xml.2
	cmp xml.1 xml.4
	[ "$(parallel -k --pipepart -a big.txt --block 20k --recend '\n\n' wc -l | wc -l)" -ge 3 ]
	validate armylist.rng xml.4
	# the joined XML holds the armies of one run
	armylist-parse -T tsv xml.4 | cmp - whole.tsv
}

@test "scale-out: campaign XML parts read back as the operands of one run give the whole's results" {
	cd "$BATS_TEST_TMPDIR"
	cat "$SAMPLES/battle.txt" > all.txt
	printf 'battle Zama\nside Rome units=A:300,B:300 luck\nside Carthage units=C:300,D:300\n' >> all.txt
	campaign-catastrophe -s 21 all.txt > whole.txt
	parallel -k --pipe --recend '\n' --recstart battle -N 1 'campaign-catastrophe -s 21 -T xml > part.{#}.xml' < all.txt
	[ "$(ls part.*.xml | wc -l)" -ge 3 ]
	run -0 --separate-stderr bash -c 'campaign-catastrophe $(ls part.*.xml | sort -t. -k2n)'
	assert_equal "$stderr" ""
	assert_equal "$output" "$(cat whole.txt)"
	# a party cut at every second line
	parallel -k --pipe -N 2 'campaign-survival -s 21 -T xml > pc.{#}.xml' < "$SAMPLES/party.txt"
	run -0 --separate-stderr bash -c 'campaign-survival $(ls pc.*.xml | sort -t. -k2n)'
	assert_equal "$output" "$(campaign-survival -s 21 "$SAMPLES/party.txt")"
}
