# bellis: C toolchain of small Unix filters for DBA and GURPS mass combat.
# GNU make.  make [all] | test | check | demo | bench | lint | install | clean | dyn
# Flavours: SAN=1 (ASan+UBSan, own build directory), WERROR=1 (CI),
# FUZZ=1 (libFuzzer harnesses, build-fuzz), COV=1 (gcov, build-cov),
# PGO=1 (build-pgo: what make install installs and make bench times).
# make check-slow | fuzz [FUZZ_SECONDS=60] | check-valgrind | coverage

.SECONDEXPANSION:

VERSION    = 0.1.0
PREFIX    ?= /usr/local
BINDIR    ?= $(PREFIX)/bin
MANDIR    ?= $(PREFIX)/share/man
# the helpers (battle-scan -T pdf): a helper runs from here, or from
# BINDIR/../libexec/bellis when only root or the binary's owner can
# change that place (cli_libexec)
LIBEXECDIR ?= $(PREFIX)/libexec/bellis
PKG_CONFIG ?= pkg-config

CSTD  = -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L
WARN  = -Wall -Wextra -Wpedantic -Wshadow -Wformat=2 -Wconversion \
        -Wstrict-prototypes -Wmissing-prototypes -Wvla -Wwrite-strings \
        -Wno-sign-conversion
CFLAGS ?= -O2 -g
HARDEN = -fstack-protector-strong -D_FORTIFY_SOURCE=2

ifeq ($(SAN),1)
  CC       = clang
  B        = build-san
  CFLAGS   = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=address,undefined
  HARDEN   =
else ifeq ($(FUZZ),1)
  CC       = clang
  B        = build-fuzz
  CFLAGS   = -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
             -fno-omit-frame-pointer -fno-sanitize-recover=all
  LDFLAGS += -fsanitize=address,undefined
  HARDEN   =
else ifeq ($(COV),1)
  B        = build-cov
  CFLAGS   = -O0 -g --coverage
  LDFLAGS += --coverage
  HARDEN   =
else ifneq ($(filter 1 gen use,$(PGO)),)
  # PGO=1 makes the two others, in turn, in one directory (in another,
  # GCC matched no static function's counts: the path of its object is
  # part of its name in the profile): gen, whose tools count their
  # branches into build-pgo/prof as they run, and use, the objects
  # compiled again with those counts.  GCC's flags (11 or later):
  # CFLAGS and LDFLAGS of the command line or the environment are not
  # taken (PGO=0 builds with them).
  B        = build-pgo
  PGO_FLAGS_gen = -fprofile-generate=$(PGO_PROF) -fprofile-update=single
  PGO_FLAGS_use = -fprofile-use=$(PGO_PROF) -fprofile-partial-training \
                  -Wno-missing-profile
  override CFLAGS = -O2 -g $(PGO_FLAGS_$(PGO)) \
                     -fprofile-prefix-path=$(CURDIR)/$(B)
  override LDFLAGS += $(if $(filter gen,$(PGO)),-fprofile-generate)
  ifneq ($(filter gen use,$(PGO)),)
    ifeq ($(MAKELEVEL),0)
      $(error PGO=$(PGO) is a stage of PGO=1: make PGO=1)
    endif
  else ifneq ($(filter-out all install clean,$(MAKECMDGOALS)),)
    $(error PGO=1 makes all, install or clean)
  endif
else
  B        = build
endif
FUZZ_SECONDS ?= 60
PGO_PROF = $(CURDIR)/build-pgo/prof
ifeq ($(WERROR),1)
  WARN += -Werror
endif

# '=' (not ':='): pkg-config is asked when a recipe runs, so that a fresh
# machine can install it in the deps step of the same make run.
XML_CFLAGS = $(shell $(PKG_CONFIG) --cflags libxml-2.0 2>/dev/null)
XML_LIBS   = $(shell $(PKG_CONFIG) --libs libxml-2.0 2>/dev/null)
ALL_CFLAGS = $(CSTD) $(WARN) -Ilib -I$(B) -Itests/unit $(XML_CFLAGS) \
             -DBELLIS_VERSION='"$(VERSION)"' $(HARDEN) $(CPPFLAGS) \
             $(CFLAGS) -MMD -MP

# refcard-render draws its PDF with cairo and pango (lib/card/cardpdf.c,
# cardpdfblock.c): only those objects and that tool see their flags; other
# tools never reference them, so the linker leaves them out.
PANGO_CFLAGS = $(shell $(PKG_CONFIG) --cflags pangocairo 2>/dev/null)
PANGO_LIBS   = $(shell $(PKG_CONFIG) --libs pangocairo 2>/dev/null)
# refcard-render and battle-scan's PDF read DejaVu Sans from its
# directory, with fontconfig's cache of it, without fontconfig's
# configuration (lib/core/ownfont.h):
# where fontconfig finds the font and keeps its caches at build time
FC_CFLAGS   = $(shell $(PKG_CONFIG) --cflags fontconfig 2>/dev/null)
FC_LIBS     = $(shell $(PKG_CONFIG) --libs fontconfig 2>/dev/null)
FONTDIR      ?= $(shell fc-match -f '%{file}' 'DejaVu Sans' 2>/dev/null | sed 's|/[^/]*$$||')
FONTCACHEDIR ?= $(shell $(PKG_CONFIG) --variable=cachedir fontconfig 2>/dev/null)

TOOLS     := $(basename $(notdir $(wildcard tools/*.c)))
LIB_SRCS  := $(wildcard lib/*/*.c)
LIB_OBJS  := $(LIB_SRCS:%.c=$(B)/%.o)
GEN_HDRS  := $(patsubst formats/%,$(B)/gen/%.h,$(subst .,_,$(wildcard formats/*.xml formats/*.rng)))
# the rules editions: every formats/NAME.xml whose root is <rules, by NAME
# (dba1 first: the default)
EDITIONS  := $(basename $(notdir $(shell grep -l '^<rules ' formats/*.xml)))
# what the generator links: the loaders (core, rules, campaign) without
# the tables it writes
BOOT_OBJS := $(filter $(B)/lib/core/% $(B)/lib/rules/% $(B)/lib/campaign/%,$(LIB_OBJS))
BINS      := $(TOOLS:%=$(B)/bin/%)
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNITS     := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
MANS      := $(wildcard man/*.[157])
FUZZ_SRCS := $(wildcard tests/fuzz/fuzz_*.c)
FUZZERS   := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)

ifeq ($(PGO),1)
# the build of the sources as they are, made counting (gen), run over
# the samples and corpora (tests/pgo-train.sh), then made again with its
# profile (use): each a make of its own, one after the other, from an
# empty build-pgo each time (make does not know which flags an object
# was made with).  Made again when a source, header, format, the
# training script, the Makefile or the configuration changed (not the
# samples: a new sample changes the counts, not what the tools do).
# The stamp has the time of the start: a source changed while it is
# made is newer.
all: $(B)/pgo.stamp

PGO_KEEP = ! -name pgo.config ! -name pgo.start
$(B)/pgo.stamp: $(B)/pgo.config $(LIB_SRCS) $(wildcard lib/*/*.h tools/*.c \
    tools/gen/*.c formats/*) tests/pgo-train.sh Makefile
	touch $(B)/pgo.start
	find $(B) -mindepth 1 -maxdepth 1 $(PGO_KEEP) -exec rm -rf {} +
	$(MAKE) PGO=gen all
	rm -rf $(PGO_PROF)
	sh tests/pgo-train.sh $(B)/bin
	@ls $(PGO_PROF) 2>/dev/null | grep -q listtext || { echo \
	    "make: the training run counted nothing: no PGO build" >&2; exit 1; }
	find $(B) -mindepth 1 -maxdepth 1 $(PGO_KEEP) ! -name prof \
	    -exec rm -rf {} +
	$(MAKE) PGO=use all
	mv $(B)/pgo.start $@

# what the objects are made with, but the sources: written when it
# changed
$(B)/pgo.config: FORCE
	@mkdir -p $(@D)
	@echo '$(CC) | $(CPPFLAGS) | $(LDFLAGS) | $(LIBEXECDIR) |' \
	    '$(TOOLS_LINK) | $(WERROR)' > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
else
all: $(BINS)
endif

units: $(UNITS)

$(B)/libbellis.a: $(LIB_OBJS) $(B)/gen/tables.o $(B)/gen/camptables.o \
    $(B)/gen/schemas.o
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

# ---- how the tools are linked ------------------------------------------
# TOOLS_LINK=multi, the plain build's default: the tools that need neither
# cairo nor pango are one statically linked binary, multi/bellis
# (tools/gen/multi.c), and bin/TOOL is a symbolic link to it, as busybox
# does (installed: BINDIR/bellis and its links).  A start then does no dynamic loading (88 % of a start went to
# relocating libxml2, ICU, libstdc++, lzma and z), and the one binary holds
# the one copy of ICU's 30 MB of data (a static binary a tool: 35 MB each).
# Debian ships pango and harfbuzz as shared libraries only:
# refcard-render, which measures every card with pango (HTML too), stays
# dynamic; battle-scan needs them for -T pdf only, so it is in
# multi/bellis and its -T pdf starts libexec/bellis/battle-scan, the same
# tool linked dynamically on its own (cli_libexec: found from the running
# executable, BINDIR/../libexec/bellis installed).  The static binary is not
# position-independent (a static PIE relocates itself at every start:
# +0.15 ms, about 20 % of /bin/true) and takes a libxml2 security update
# when rebuilt.  Valgrind cannot follow a static glibc's malloc, so the
# valgrind suites run dyn/bin: the same objects linked dynamically.
# TOOLS_LINK=dynamic (always in the SAN, FUZZ and COV builds): a dynamically
# linked binary a tool.
PANGO_TOOLS   := refcard-render
LIBEXEC_TOOLS := battle-scan
ifneq ($(filter build build-pgo,$(B)),)
  TOOLS_LINK ?= multi
else
  override TOOLS_LINK := dynamic
endif
MULTI_TOOLS := $(if $(filter multi,$(TOOLS_LINK)),$(filter-out $(PANGO_TOOLS),$(TOOLS)))
DYN_TOOLS   := $(filter-out $(MULTI_TOOLS),$(TOOLS))
HELPER_BINS := $(patsubst %,$(B)/libexec/bellis/%,$(filter $(LIBEXEC_TOOLS),$(MULTI_TOOLS)))
MULTI_OBJS  := $(MULTI_TOOLS:%=$(B)/multi/%.o)
XML_STATIC_LIBS = $(shell $(PKG_CONFIG) --static --libs libxml-2.0 2>/dev/null) \
    -lstdc++ -lm

$(DYN_TOOLS:%=$(B)/bin/%): $(B)/bin/%: $(B)/tools/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	rm -f $@
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libbellis.a $(XML_LIBS) $(LDLIBS)

ifneq ($(PGO),1)
all: $(HELPER_BINS)
endif

$(HELPER_BINS): $(B)/libexec/bellis/%: $(B)/tools/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libbellis.a $(XML_LIBS) $(LDLIBS)

$(B)/multi/bellis: $(B)/tools/gen/multi.o $(MULTI_OBJS) $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -static -o $@ $(B)/tools/gen/multi.o $(MULTI_OBJS) \
	    $(B)/libbellis.a $(XML_STATIC_LIBS) $(LDLIBS)

$(MULTI_TOOLS:%=$(B)/bin/%): $(B)/multi/bellis
	@mkdir -p $(@D)
	ln -sf ../multi/bellis $@

# each tool's main as bellis_TOOL_main, declared by gen/multi.h;
# BELLIS_MULTI: what the static binary leaves to libexec/bellis
$(B)/multi/%.o: tools/%.c $(B)/gen/multi.h | $(GEN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -DBELLIS_MULTI -Dmain=bellis_$(subst -,_,$*)_main \
	    -include gen/multi.h -c -o $@ $<

$(B)/tools/gen/multi.o: $(B)/gen/multi.h

# the tools of multi/bellis: written when the list changed
$(B)/gen/multi.h: FORCE
	@mkdir -p $(@D)
	@{ for t in $(MULTI_TOOLS); do \
	    echo "int bellis_$$(echo $$t | tr - _)_main(int, char **);"; done; \
	  echo '#define BELLIS_TOOLS \'; \
	  for t in $(MULTI_TOOLS); do \
	    echo "	BELLIS_TOOL($$(echo $$t | tr - _), \"$$t\") \\"; done; \
	  echo; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

# the same objects linked dynamically, a binary a tool (the valgrind
# suites run these)
dyn: $(TOOLS:%=$(B)/dyn/bin/%)

$(MULTI_TOOLS:%=$(B)/dyn/bin/%): $(B)/dyn/bin/%: $(B)/tools/%.o \
    $(B)/libbellis.a
	@mkdir -p $(@D)
	rm -f $@
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libbellis.a $(XML_LIBS) $(LDLIBS)

$(DYN_TOOLS:%=$(B)/dyn/bin/%): $(B)/dyn/bin/%: $(B)/bin/%
	@mkdir -p $(@D)
	ln -sf ../../bin/$* $@

$(B)/tests/%: $(B)/tests/unit/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(B)/libbellis.a $(XML_LIBS) $(LDLIBS)

$(B)/lib/card/cardpdf.o $(B)/lib/card/cardpdfblock.o $(B)/lib/core/pdffont.o \
    $(B)/tests/unit/test_card.o: ALL_CFLAGS += $(PANGO_CFLAGS)
# the HTML cards are measured as the PDF sets them (cardpdf.c)
$(B)/bin/refcard-render $(B)/tests/test_card: LDLIBS += $(PANGO_LIBS) $(FC_LIBS)
# refcard-render stays dynamic for pango, but takes libxml2 (with ICU,
# lzma and libstdc++) statically where the other tools do: libstdc++ and
# ICU were half the symbols its every start looked up (1.4 ms a start).
# So does battle-scan's helper (-T pdf): the pages it touches of them are
# 1.4 MB fewer than of the shared libraries (a binary of 35 MB, most of
# it ICU's data, never read unless an input needs one of its encodings).
# The libraries they look up most symbols in come first in the
# loader's search (libc, glib, gobject, pango, cairo): every symbol of 40
# libraries was looked for through libz, libm and pangocairo first (0.9 M
# of the loader's 7.2 M instructions).
# Not position-independent, as the static binary of the other tools is
# not: the tables of the rules (three editions, 59 KB each) and those of
# libxml2 and ICU hold pointers, which a position-independent binary has
# the loader relocate at every start, each page of them copied (40 page
# faults of a card's 720).
ifeq ($(TOOLS_LINK),multi)
$(B)/bin/refcard-render $(HELPER_BINS): XML_LIBS = -lc -lglib-2.0 \
    -lgobject-2.0 -lpango-1.0 -lcairo -Wl,-Bstatic \
    $(filter-out -lz -lm,$(XML_STATIC_LIBS)) -Wl,-Bdynamic -lz -lm
$(B)/bin/refcard-render $(HELPER_BINS): LDFLAGS += -no-pie
endif
$(B)/lib/core/ownfont.o: ALL_CFLAGS += $(PANGO_CFLAGS) $(FC_CFLAGS) \
    $(if $(FONTDIR),-DBELLIS_FONTDIR='"$(FONTDIR)"') \
    $(if $(FONTCACHEDIR),-DBELLIS_FONTCACHEDIR='"$(FONTCACHEDIR)"')
# battle-scan: the geometry needs libm, its PDF writer cairo and pango.
BATTLE_LINKED = $(B)/bin/battle-scan $(B)/libexec/bellis/battle-scan \
    $(B)/dyn/bin/battle-scan $(B)/tests/test_geom \
    $(B)/tests/test_battle $(B)/fuzz/fuzz_battlefield $(B)/fuzz/fuzz_plan \
    $(B)/replay/fuzz_battlefield $(B)/replay/fuzz_plan
$(B)/lib/battle/bfpdf.o: ALL_CFLAGS += $(PANGO_CFLAGS)
$(B)/lib/core/cli.o: ALL_CFLAGS += -DBELLIS_LIBEXECDIR='"$(LIBEXECDIR)"'
# its PDF writer deflates the pages itself (zlib) and embeds a subset of
# the font (harfbuzz's hb-subset)
BATTLE_PDF_LIBS = $(shell $(PKG_CONFIG) --libs harfbuzz-subset zlib 2>/dev/null)
$(BATTLE_LINKED): LDLIBS += $(PANGO_LIBS) $(FC_LIBS) $(BATTLE_PDF_LIBS) -lm

# the golden-image tests (tests/images.bats) compare PNGs with pngdiff,
# which reads and writes them with cairo
CAIRO_CFLAGS = $(shell $(PKG_CONFIG) --cflags cairo 2>/dev/null)
CAIRO_LIBS   = $(shell $(PKG_CONFIG) --libs cairo 2>/dev/null)
units: $(B)/tests/pngdiff
$(B)/tests/pngdiff: tests/tools/pngdiff.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(CAIRO_CFLAGS) $(LDFLAGS) -o $@ $< $(CAIRO_LIBS)

# a libFuzzer harness (FUZZ=1 only: clang's fuzzer runtime has the main)
fuzzers: $(FUZZERS)

# the same harness with a plain main (tests/fuzz/replay.c) that runs each
# file it is given once: make check replays the seeds and saved crash
# inputs through them in the sanitizer build (tests/fuzz/replay.sh)
REPLAYS := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/replay/%)
replays: $(REPLAYS)

$(B)/replay/%: $(B)/tests/fuzz/%.o $(B)/tests/fuzz/replay.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(B)/tests/fuzz/replay.o $(B)/libbellis.a \
	    $(XML_LIBS) $(LDLIBS)

$(B)/fuzz/%: $(B)/tests/fuzz/%.o $(B)/libbellis.a
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $< $(B)/libbellis.a \
	    $(XML_LIBS) $(LDLIBS)

$(B)/%.o: %.c | $(GEN_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# formats/NAME.EXT is embedded as the array NAME_EXT in gen/NAME_EXT.h
$(B)/gen/%.h: $$(subst _xml,.xml,$$(subst _rng,.rng,formats/%))
	@mkdir -p $(@D)
	cd formats && xxd -i $(notdir $<) > ../$@.tmp
	mv $@.tmp $@

# The tables every start needed, compiled to C (rules/tables.h,
# campaign/campaigntab.h): formats/ is read at build time by the loaders
# themselves, linked into tools/gen/gen-tables without the tables they
# write.
$(B)/gen/libboot.a: $(BOOT_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

$(B)/gen/gen-tables: $(B)/tools/gen/gen-tables.o $(B)/gen/libboot.a
	$(CC) $(LDFLAGS) -o $@ $^ $(XML_LIBS)

$(B)/gen/tables.c: $(B)/gen/gen-tables formats/troops.xml \
    $(EDITIONS:%=formats/%.xml)
	$(B)/gen/gen-tables rules formats/troops.xml \
	    $(EDITIONS:%=formats/%.xml) > $@.tmp
	mv $@.tmp $@

$(B)/gen/camptables.c: $(B)/gen/gen-tables formats/catastrophe.xml \
    formats/survival-table.xml
	$(B)/gen/gen-tables campaign formats/catastrophe.xml \
	    formats/survival-table.xml > $@.tmp
	mv $@.tmp $@

# The RELAX NG schemas as the readers compile them: their pattern facets
# with a C check taken out, comments and blanks dropped (xmlio.c:
# xmlio_schema_prepare), so that no start strips one.
$(B)/gen/schemas.c: $(B)/gen/gen-tables $(wildcard formats/*.rng)
	$(B)/gen/gen-tables schemas $(wildcard formats/*.rng) > $@.tmp
	mv $@.tmp $@

$(B)/gen/tables.o $(B)/gen/camptables.o $(B)/gen/schemas.o: $(B)/gen/%.o: \
    $(B)/gen/%.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# ---- dependencies (Debian packages), then build and test -------------
# deps: the test set (everything); deps-build: what make all and make
# demo need (.ci/deps says which packages)
deps:
	@sh .ci/deps test

.PHONY: deps-build
deps-build:
	@sh .ci/deps build

# The test tiers (tests/check.sh; HACKING.md): make test, the edit loop;
# make check, the README's command and CI; make check-slow, before a
# release.  Each counts cases and fails when one failed or none ran.
# the bats suites make check also runs with the tools under valgrind: the
# hostile inputs (check-slow and check-valgrind run every suite; empty:
# none)
VALGRIND_CHECK ?= tests/hostile.bats tests/hostile-data.bats \
                  tests/hostile-io.bats tests/nonarmy.bats tests/fuzz-regress.bats
VALGRIND_JOBS  ?= 2
SLOW_FUZZ_SECONDS ?= 60

# the plain build: unit programs, bats suites, regress cases, lint
test: deps
	$(MAKE) -j2 all units
	@sh tests/check.sh test

# test's cases, and again through the ASan+UBSan build, the hostile
# suites under valgrind, every fuzz seed and saved crash input replayed
check: deps
	$(MAKE) -j2 all units dyn
	$(MAKE) -j2 SAN=1 all units replays
	$(MAKE) -j2 PGO=1 all
	@VALGRIND_BATS="$(strip $(VALGRIND_CHECK))" sh tests/check.sh check

# tests/slow (the multi-megabyte and spill tests, the corpora's cards),
# random fuzzing of every harness for SLOW_FUZZ_SECONDS, every bats
# suite under valgrind
check-slow: deps
	$(MAKE) -j2 all units dyn
	$(MAKE) -j2 FUZZ=1 fuzzers
	@FUZZ_SECONDS=$(SLOW_FUZZ_SECONDS) sh tests/check.sh slow

# every harness for FUZZ_SECONDS, the corpus kept in build-fuzz/fuzz/corpus
fuzz: deps
	$(MAKE) FUZZ=1 fuzzers
	sh tests/fuzz/run.sh -k build-fuzz $(FUZZ_SECONDS)

# the bats suites with every tool under valgrind memcheck
check-valgrind: deps
	$(MAKE) -j2 all dyn
	VALGRIND_JOBS=$(VALGRIND_JOBS) sh tests/valgrind.sh build/dyn

# line and branch coverage of lib/ and tools/ by the unit and bats tests
coverage: deps
	rm -rf build-cov
	$(MAKE) COV=1 all units
	sh tests/coverage.sh build-cov

demo: deps-build
	$(MAKE) all
	@sh samples/demo.sh build/bin

# every bench/*.sh and the summary of their goals (bench/run.sh);
# bench/runs times commands side by side
# (of the build make install installs: PGO=1, whatever PGO says)
bench: deps
	$(MAKE) PGO=1 all
	$(MAKE) PGO=use build-pgo/bench/runs build-pgo/tests/test_core
	@sh bench/run.sh build-pgo/bin

$(B)/bench/runs: $(B)/bench/runs.o
	$(CC) $(LDFLAGS) -o $@ $<

lint: deps
	LINT_BUILD=$(B) sh tests/lint.sh
	sh tests/mandoc.sh
	sh tests/cppcheck.sh

# the PGO=1 build (PGO=0: the plain one)
ifeq ($(PGO),)
install:
	$(MAKE) PGO=1 install
else
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7
	install -m 755 $(DYN_TOOLS:%=$(B)/bin/%) \
	    $(if $(MULTI_TOOLS),$(B)/multi/bellis) $(DESTDIR)$(BINDIR)/
	for t in $(MULTI_TOOLS); do ln -sf bellis $(DESTDIR)$(BINDIR)/$$t; done
	$(if $(HELPER_BINS),install -d $(DESTDIR)$(LIBEXECDIR))
	$(if $(HELPER_BINS),install -m 755 $(HELPER_BINS) \
	    $(DESTDIR)$(LIBEXECDIR)/)
	for m in $(MANS); do \
	    s=$${m##*.}; install -m 644 $$m $(DESTDIR)$(MANDIR)/man$$s/; done
endif

uninstall:
	for t in $(TOOLS) bellis; do rm -f $(DESTDIR)$(BINDIR)/$$t; done
	for t in $(LIBEXEC_TOOLS); do \
	    rm -f $(DESTDIR)$(LIBEXECDIR)/$$t; done
	for m in $(MANS); do \
	    s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m#man/}; done

clean:
	rm -rf build build-san build-fuzz build-cov build-pgo demo

FORCE:

.PHONY: all units fuzzers replays deps test check check-slow fuzz check-valgrind coverage demo \
    bench lint install uninstall clean dyn FORCE
.DELETE_ON_ERROR:
.SECONDARY:

-include $(shell find $(B) -name '*.d' 2>/dev/null)
