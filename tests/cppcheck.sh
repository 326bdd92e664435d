#!/bin/sh
# cppcheck over lib/ and tools/: one stage of the test tiers and of make
# lint.  A report cppcheck makes wrongly is answered at its place
# (a comment "cppcheck-suppress ID" that says why).  Prints the reports
# and fails, or "ok cppcheck: lib tools".
set -u
cppcheck --quiet --error-exitcode=1 --inline-suppr --std=c11 -Ilib lib tools &&
    echo 'ok cppcheck: lib tools'
