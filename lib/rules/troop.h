/* troop: the troop types by name (formats/troops.xml, compiled to C at
 * build time: rules/tables.h). */
#ifndef BELLIS_TROOP_H
#define BELLIS_TROOP_H

#include <stdbool.h>
#include <stddef.h>

#include "core/lang.h"

enum troop_class { CLASS_FOOT, CLASS_MOUNTED };

struct troop {
	int id;                    /* index in the table */
	char *code;                /* canonical code: Kn, Cv, ... */
	enum troop_class cls;
	char *name[LANG_N];        /* full name per language */
	char *abbr[LANG_N];        /* abbreviation per language */
	char *editions;            /* "dba1 dba2" */
};

/* Take the compiled table into use (later calls do nothing; every
 * function of the table calls it). */
void troop_init(void);
size_t troop_count(void);
const struct troop *troop_at(size_t i);
const struct troop *troop_by_code(const char *code);
/* The short name of t in a language's texts: its code in English, its
 * abbreviation (Ri, Ры) in the others. */
const char *troop_abbr(const struct troop *t, enum lang lang);
/* Look up any accepted name (code, English, German, abbreviation,
 * alias, singular or plural, any case, ä or ae).  NULL when unknown. */
const struct troop *troop_lookup(const char *name, size_t len);
/* The closest known name within edit distance 2, or NULL. */
const char *troop_suggest(const char *name, size_t len);
/* A troop as the readers take it: a figure prefix (3Kn) dropped, an
 * exact code first, then troop_lookup.  NULL when unknown. */
const struct troop *troop_find(const char *s, size_t n);
/* True when the n bytes at s are one of t's standard names: its code,
 * or its name or abbreviation in a language (any case, ä or ae); false
 * for the other spellings the table accepts (HCh, Cb, Knight, ...),
 * which armylist outputs keep as written. */
bool troop_is_standard(const struct troop *t, const char *s, size_t n);
/* A two-word name ("Light Horse") from two tokens; NULL when unknown. */
const struct troop *troop_find2(const char *a, size_t an, const char *b,
    size_t bn);
/* Report "unknown troop type 'NAME'" at line:col, with the closest
 * known name as a did-you-mean. */
void troop_unknown(const char *s, size_t n, long line, long col);
/* troop_find, or NULL after troop_unknown. */
const struct troop *troop_lookup_or_suggest(const char *s, size_t n,
    long line, long col);
bool troop_in_edition(const struct troop *t, const char *edition);
/* Free a table troop_load_xml read (the compiled one is used again) and
 * the lookups' buffer, and empty their memo. */
void troop_cleanup(void);

#endif
