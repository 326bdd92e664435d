/* Line tokenizer shared by the line formats of every tool. */
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"
#include "core/tok.h"
#include "core/xalloc.h"

/* What a byte does outside quotes: TK_BLANK between tokens; TK_END ends
 * a token (\v and \f are blanks there but stand inside one; '#' ends
 * it and then starts the comment); TK_EQ may part key and value. */
enum { TK_BLANK = 1, TK_END = 2, TK_EQ = 4 };
static const unsigned char tok_class[256] = {
	[' '] = TK_BLANK | TK_END, ['\t'] = TK_BLANK | TK_END,
	['\r'] = TK_BLANK | TK_END, ['\v'] = TK_BLANK, ['\f'] = TK_BLANK,
	['#'] = TK_END, ['='] = TK_EQ,
};

/* Add a token; eq: its first '=' when unquoted, else NULL.  Inline:
 * a call a token was a sixth of the time of combat-calc. */
static inline void
push(struct toks *t, const char *s, size_t len, long col, bool quoted,
    const char *eq)
{
	struct tok *k;

	if (t->n == t->cap)
		t->v = xgrow(t->v, &t->cap, t->n + 1, sizeof *t->v);
	k = &t->v[t->n++];
	k->s = s;
	k->len = len;
	k->col = col;
	k->klen = len;
	k->quoted = quoted;
	if (eq == NULL) {
		k->val = NULL;
		k->vlen = 0;
		k->vcol = 0;
		return;
	}
	k->klen = (size_t)(eq - s);
	k->val = eq + 1;
	k->vlen = len - k->klen - 1;
	k->vcol = col + (long)k->klen + 1;
}

int
tok_split(struct toks *t, const char *line, size_t len, long lineno)
{
	size_t i = 0, start;
	const char *eq;
	char *q;
	unsigned k;

	t->n = 0;
	t->slen = 0;
	/* unquoted copies live in store; reserve the worst case up front so
	 * that pointers into it stay valid */
	if (len + 1 > t->scap)
		t->store = xgrow(t->store, &t->scap, len + 1, 1);
	while (i < len) {
		char c = line[i];

		if (tok_class[(unsigned char)c] & TK_BLANK) {
			i++;
			continue;
		}
		if (c == '#')
			break;
		start = i;
		if (c == '"') {
			q = t->store + t->slen;
			for (i++; i < len && line[i] != '"'; i++) {
				if (line[i] == '\\' && i + 1 < len)
					i++;
				t->store[t->slen++] = line[i];
			}
			if (i >= len) {
				DIAG(UNTERMINATED_QUOTE, lineno,
				    (long)start + 1);
				return -1;
			}
			i++;
			push(t, q, (size_t)(t->store + t->slen - q),
			    (long)start + 1, true, NULL);
			continue;
		}
		/* one pass: the end, and the first '=' on the way; most
		 * bytes are of no class */
		for (eq = NULL; i < len; i++) {
			if ((k = tok_class[(unsigned char)line[i]]) == 0)
				continue;
			if (k & TK_END)
				break;
			if ((k & TK_EQ) && eq == NULL)
				eq = line + i;
		}
		push(t, line + start, i - start, (long)start + 1, false, eq);
	}
	return 0;
}

void
tok_free(struct toks *t)
{
	free(t->v);
	free(t->store);
	memset(t, 0, sizeof *t);
}

bool
tok_is(const struct tok *t, const char *kw)
{
	return str_ieq(t->s, t->klen, kw);
}

const char *
tok_str(const struct tok *t)
{
	static char buf[68];
	size_t n = t->klen < 64 ? t->klen : 64;

	memcpy(buf, t->s, n);
	buf[n] = '\0';
	return buf;
}

static void
word_of(struct tok_word *w, struct sbuf *f, const char *s, size_t len)
{
	str_fold(f, s, len);
	w->n = str_codepoints(sbuf_str(f), w->cp, TOK_WORD_MAX);
}

void
tok_word_set(struct tok_word *w, const char *s, size_t len)
{
	struct sbuf f = {0};

	word_of(w, &f, s, len);
	sbuf_free(&f);
}

long
tok_nearest(const struct tok_word *word, const struct tok_word *cands,
    size_t n)
{
	long best = -1;
	int bestd = 3, d;
	size_t i;

	/* the word itself first: nothing comes nearer */
	for (i = 0; i < n; i++)
		if (cands[i].n == word->n && memcmp(cands[i].cp, word->cp,
		    (size_t)word->n * sizeof word->cp[0]) == 0)
			return (long)i;
	for (i = 0; i < n && bestd > 1; i++) {
		d = str_editdist_cp(word->cp, word->n, cands[i].cp,
		    cands[i].n, 2);
		if (d < bestd) {
			bestd = d;
			best = (long)i;
		}
	}
	return best;
}

const char *
tok_suggest(const char *word, size_t len, const char *const *cands,
    size_t n)
{
	struct tok_word a, b;
	struct sbuf f = {0};
	const char *best = NULL;
	int bestd = 3, d;
	size_t i;

	word_of(&a, &f, word, len);
	for (i = 0; i < n; i++) {
		word_of(&b, &f, cands[i], strlen(cands[i]));
		d = str_editdist_cp(a.cp, a.n, b.cp, b.n, 2);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	sbuf_free(&f);
	return best;
}

void
idsuggest_init(struct idsuggest *s)
{
	memset(s, 0, sizeof *s);
	s->dist = 3;
}

void
idsuggest_add(struct idsuggest *s, const char *want, const char *id)
{
	size_t n = strlen(want), k;
	int d;

	/* a variant: want and then letters only */
	for (k = n; strncmp(id, want, n) == 0 && id[k] >= 'a' &&
	    id[k] <= 'z'; k++)
		;
	if (k > n && id[k] == '\0') {
		if (s->nvar < IDSUGGEST_VARIANTS)
			sbuf_printf(&s->variants, "%s'%s'", s->nvar > 0 ?
			    ", " : "", id);
		else if (s->nvar == IDSUGGEST_VARIANTS)
			sbuf_adds(&s->variants, ", ...");
		s->nvar++;
		return;
	}
	d = str_editdist(id, want, 2);
	if (d < s->dist) {
		free(s->best);
		s->best = xstrdup(id);
		s->dist = d;
	}
}

const char *
idsuggest_tail(const struct idsuggest *s)
{
	if (s->nvar > 0)
		return diag_tail(" (did you mean %s?)", s->variants.s);
	return diag_suggest(s->best);
}

void
idsuggest_free(struct idsuggest *s)
{
	free(s->best);
	sbuf_free(&s->variants);
	memset(s, 0, sizeof *s);
}
