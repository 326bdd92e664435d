/* tok: the one tokenizer of every line format: blank-separated tokens,
 * '#' comments, double-quoted strings, key=value flags, with columns. */
#ifndef BELLIS_TOK_H
#define BELLIS_TOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/str.h"

struct tok {
	const char *s;      /* token text (quotes removed for quoted tokens) */
	size_t len;
	long col;           /* 1-based byte column of the token's first byte */
	const char *val;    /* after '=' for key=value tokens, else NULL */
	size_t vlen;
	long vcol;
	size_t klen;        /* length of the key part (len when no '=') */
	bool quoted;
};

struct toks {
	struct tok *v;
	size_t n, cap;
	char *store;        /* unquoted copies */
	size_t slen, scap;
};

/* Split one line.  Reports an unterminated quote as an error at its
 * column (status 2) and returns -1; the tokens before it are kept. */
int tok_split(struct toks *t, const char *line, size_t len, long lineno);
void tok_free(struct toks *t);
/* Case-insensitive comparison of the key part with a keyword. */
bool tok_is(const struct tok *t, const char *kw);
/* Token (key part) as a NUL-terminated copy in a small static buffer,
 * for messages; cut at 64 bytes. */
const char *tok_str(const struct tok *t);
/* The nearest keyword within edit distance 2 (case-insensitive), or NULL. */
const char *tok_suggest(const char *word, size_t len,
    const char *const *cands, size_t n);
/* A word folded (str_fold) as tok_suggest compares it: its first 64 code
 * points.  A table of candidates made once (tok_word_set) is looked
 * through by tok_nearest without folding them again. */
#define TOK_WORD_MAX 64
struct tok_word {
	int n;
	uint32_t cp[TOK_WORD_MAX];
};
void tok_word_set(struct tok_word *w, const char *s, size_t len);
/* The index of tok_suggest's answer among cands[0..n), -1 for none. */
long tok_nearest(const struct tok_word *word, const struct tok_word *cands,
    size_t n);

/* The did-you-mean of an id not found among those seen: the variants of
 * it ("II/32a", "II/32b" for "II/32"), else the nearest id within edit
 * distance 2. */
#define IDSUGGEST_VARIANTS 6
struct idsuggest {
	char *best;
	int dist;
	struct sbuf variants;    /* "'II/32a', 'II/32b'" */
	int nvar;
};
void idsuggest_init(struct idsuggest *s);
/* Consider id, seen while want was looked for (id != want). */
void idsuggest_add(struct idsuggest *s, const char *want, const char *id);
/* " (did you mean 'II/32a', 'II/32b'?)", or "": a diagnostic's tail,
 * valid until the next diag_tail. */
const char *idsuggest_tail(const struct idsuggest *s);
void idsuggest_free(struct idsuggest *s);

#endif
