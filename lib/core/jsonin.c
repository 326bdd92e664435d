/* A small bounded JSON reader (RFC 8259): values into a tree. */
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/input.h"
#include "core/jsonin.h"
#include "core/str.h"
#include "core/xalloc.h"

#define WINDOW 65536

size_t jsonin_read_max;

void
jsonin_init(struct jsonin *j, const char *s, size_t n)
{
	*j = (struct jsonin){ .s = s, .n = n, .line = 1, .tok = -1,
	    .mark = -1, .eof = true };
}

void
jsonin_init_input(struct jsonin *j, struct input *in)
{
	*j = (struct jsonin){ .s = "", .line = 1, .tok = -1, .mark = -1,
	    .in = in };
}

void
jsonin_free(struct jsonin *j)
{
	free(j->buf);
	j->buf = NULL;
	j->s = "";
	j->n = j->i = 0;
}

/* Make k bytes from s[i] readable when the input has them: the bytes
 * before s[i] are dropped (but a number's and the JSON Lines mark's),
 * more are read.  True when there are k. */
static bool
fill(struct jsonin *j, size_t k)
{
	size_t drop = j->i, room;
	long r;

	if (j->eof)
		return j->n - j->i >= k;
	if (j->mark >= 0 && j->base + (long long)j->i - j->mark >
	    JSON_LINES_KEEP)
		j->mark = -1;           /* kept too long: given up */
	if (j->mark >= 0 && (size_t)(j->mark - j->base) < drop)
		drop = (size_t)(j->mark - j->base);
	if (j->tok >= 0 && (size_t)(j->tok - j->base) < drop)
		drop = (size_t)(j->tok - j->base);
	if (drop > 0) {
		memmove(j->buf, j->buf + drop, j->n - drop);
		j->n -= drop;
		j->i -= drop;
		j->base += (long long)drop;
	}
	while (j->n - j->i < k && !j->eof) {
		if (j->cap - j->n < WINDOW)
			j->buf = xgrow(j->buf, &j->cap, j->n + WINDOW, 1);
		room = j->cap - j->n;
		if (jsonin_read_max > 0 && room > jsonin_read_max)
			room = jsonin_read_max;
		/* a read error is reported there, and ends the input */
		if ((r = input_read_text(j->in, j->buf + j->n, room)) <= 0)
			j->eof = true;
		else
			j->n += (size_t)r;
	}
	j->s = j->buf;
	return j->n - j->i >= k;
}

/* k bytes from s[i] are there. */
static inline bool
avail(struct jsonin *j, size_t k)
{
	return j->n - j->i >= k || fill(j, k);
}

/* The byte at s[i], or -1 at the end of the input. */
static inline int
peek(struct jsonin *j)
{
	return avail(j, 1) ? (unsigned char)j->s[j->i] : -1;
}

static void
blanks(struct jsonin *j)
{
	int c;

	while ((c = peek(j)) == ' ' || c == '\t' || c == '\r' || c == '\n') {
		/* LF, CRLF and a CR alone each end a line */
		if (c == '\n' || (c == '\r' && (!avail(j, 2) ||
		    j->s[j->i + 1] != '\n'))) {
			j->line++;
			j->bol = j->base + (long long)j->i + 1;
			if (j->lines && !j->passed)
				j->mark = j->bol;
			j->passed = true;
		}
		j->i++;
	}
}

/* JSON Lines, after a value with j->lines set failed: go on at the line
 * after the one it began on. */
static void
next_line(struct jsonin *j)
{
	int c;

	j->stop = false;
	/* (the same limit as fill's, at the error: whatever the reads) */
	if (j->mark >= 0 && j->base + (long long)j->i - j->mark <=
	    JSON_LINES_KEEP) {
		/* the line after the value's first, kept */
		j->i = (size_t)(j->mark - j->base);
		j->line = j->vline + 1;
	} else {
		/* past the first line end from here (on the value's first
		 * line, or past what was kept): LF, CRLF or a CR alone */
		while ((c = peek(j)) >= 0 && c != '\n' && c != '\r')
			j->i++;
		if (c == '\r' && avail(j, 2) && j->s[j->i + 1] == '\n')
			j->i++;
		if (c >= 0)
			j->i++;
		j->line++;
	}
	j->bol = j->base + (long long)j->i;
	j->mark = -1;
	j->passed = false;
}

/* Skip blanks; true when a value follows. */
static bool
jsonin_more(struct jsonin *j)
{
	if (j->stop)
		return false;
	blanks(j);
	return avail(j, 1);
}

static long
col(const struct jsonin *j)
{
	return (long)(j->base + (long long)j->i - j->bol) + 1;
}

/* Report at the current byte what was expected, and what was seen. */
static int
fail(struct jsonin *j, const char *want)
{
	struct sbuf b = {0};
	int c = peek(j);

	j->tok = -1;
	if (j->in != NULL && j->in->failed)
		return -1;              /* reported as a read error */
	if (c < 0)
		sbuf_printf(&b, "%s, found the end of the input", want);
	else if (c >= 0x21 && c < 0x7f)
		sbuf_printf(&b, "%s, found '%c'", want, c);
	else
		sbuf_printf(&b, "%s, found byte 0x%02x", want, c);
	DIAG(JSON_SYNTAX, j->line, col(j), b.s);
	sbuf_free(&b);
	return -1;
}

static int
hex4(const char *s, unsigned *u)
{
	int k;

	*u = 0;
	for (k = 0; k < 4; k++) {
		char c = s[k];

		*u <<= 4;
		if (c >= '0' && c <= '9')
			*u |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*u |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*u |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

static void
put_utf8(struct sbuf *b, unsigned u)
{
	if (u < 0x80) {
		sbuf_addc(b, (char)u);
	} else if (u < 0x800) {
		sbuf_addc(b, (char)(0xc0 | u >> 6));
		sbuf_addc(b, (char)(0x80 | (u & 0x3f)));
	} else if (u < 0x10000) {
		sbuf_addc(b, (char)(0xe0 | u >> 12));
		sbuf_addc(b, (char)(0x80 | (u >> 6 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (u & 0x3f)));
	} else {
		sbuf_addc(b, (char)(0xf0 | u >> 18));
		sbuf_addc(b, (char)(0x80 | (u >> 12 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (u >> 6 & 0x3f)));
		sbuf_addc(b, (char)(0x80 | (u & 0x3f)));
	}
}

/* A string's bytes past str_max and a character more are dropped as
 * they come (the cut is made at its end). */
static void
keep(const struct jsonin *j, struct sbuf *b)
{
	if (j->str_max > 0 && b->len > j->str_max + 4) {
		b->len = j->str_max + 4;
		b->s[b->len] = '\0';
	}
}

/* A string at s[i] (on its '"'): its text, invalid UTF-8 replaced. */
static int
string(struct jsonin *j, char **out, size_t *len)
{
	struct sbuf b = {0}, c = {0};
	unsigned u, lo;
	size_t k;
	int e;

	j->i++;
	j->cut = false;
	sbuf_add(&b, "", 0);
	for (;;) {
		/* a run of plain bytes, as far as the window holds it */
		for (k = j->i; k < j->n; k++) {
			unsigned char x = (unsigned char)j->s[k];

			if (x == '"' || x == '\\' || x < 0x20)
				break;
		}
		/* past str_max (and a character more) the bytes are only
		 * passed over */
		sbuf_add(&b, j->s + j->i, j->str_max == 0 ||
		    b.len + (k - j->i) <= j->str_max + 4 ? k - j->i :
		    b.len < j->str_max + 4 ? j->str_max + 4 - b.len : 0);
		j->i = k;
		if ((e = peek(j)) < 0x20) {
			sbuf_free(&b);
			return fail(j, "expected '\"' to close the string");
		}
		if (e == '"')
			break;
		if (e != '\\')
			continue;       /* more plain bytes read in */
		j->i++;
		if ((e = peek(j)) < 0) {
			sbuf_free(&b);
			return fail(j, "expected an escape");
		}
		if (e == 'u') {
			if (!avail(j, 5) || hex4(j->s + j->i + 1, &u) < 0) {
				sbuf_free(&b);
				return fail(j, "expected four hex digits after \\u");
			}
			j->i += 5;
			if (u >= 0xd800 && u < 0xdc00 && avail(j, 6) &&
			    j->s[j->i] == '\\' && j->s[j->i + 1] == 'u' &&
			    hex4(j->s + j->i + 2, &lo) == 0 &&
			    lo >= 0xdc00 && lo < 0xe000) {
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
				j->i += 6;
			} else if (u >= 0xd800 && u < 0xe000)
				u = 0xfffd;
			/* no control character gets through: XML holds
			 * none, and NUL would cut the text short */
			if (u < 0x20 && u != '\t' && u != '\n' && u != '\r')
				u = 0xfffd;
			put_utf8(&b, u);
			keep(j, &b);
			continue;
		}
		switch (e) {
		case '"': case '\\': case '/': sbuf_addc(&b, (char)e); break;
		case 'b': case 'f': put_utf8(&b, 0xfffd); break;
		case 'n': sbuf_addc(&b, '\n'); break;
		case 'r': sbuf_addc(&b, '\r'); break;
		case 't': sbuf_addc(&b, '\t'); break;
		default:
			sbuf_free(&b);
			return fail(j, "expected an escape such as \\n or \\u0041");
		}
		keep(j, &b);
		j->i++;
	}
	j->i++;
	if (j->str_max > 0 && b.len > j->str_max) {
		/* cut at a character */
		for (b.len = j->str_max; b.len > 0 &&
		    ((unsigned char)b.s[b.len] & 0xc0) == 0x80; b.len--)
			;
		b.s[b.len] = '\0';
		j->cut = true;
	}
	if (!utf8_valid(b.s, b.len)) {
		utf8_sanitize(&c, b.s, b.len);
		sbuf_free(&b);
		b = c;
	}
	*out = b.s;
	*len = b.len;
	return 0;
}

static bool
digit(struct jsonin *j)
{
	int c = peek(j);

	return c >= '0' && c <= '9';
}

/* A number at s[i]: its bytes are kept in the window (tok) until it is
 * copied. */
static int
number(struct jsonin *j, struct jval *v)
{
	size_t start;
	int c;

	j->tok = j->base + (long long)j->i;
	if (peek(j) == '-')
		j->i++;
	if (!digit(j))
		return fail(j, "expected a digit");
	if (j->s[j->i] == '0')
		j->i++;
	else
		while (digit(j))
			j->i++;
	if (peek(j) == '.') {
		j->i++;
		if (!digit(j))
			return fail(j, "expected a digit after '.'");
		while (digit(j))
			j->i++;
	}
	if ((c = peek(j)) == 'e' || c == 'E') {
		j->i++;
		if ((c = peek(j)) == '+' || c == '-')
			j->i++;
		if (!digit(j))
			return fail(j, "expected a digit in the exponent");
		while (digit(j))
			j->i++;
	}
	start = (size_t)(j->tok - j->base);
	j->tok = -1;
	v->t = J_NUM;
	v->s = xstrndup(j->s + start, j->i - start);
	v->n = j->i - start;
	return 0;
}

static bool
word(struct jsonin *j, const char *w)
{
	size_t n = strlen(w);

	if (!avail(j, n) || memcmp(j->s + j->i, w, n) != 0)
		return false;
	j->i += n;
	return true;
}

static int value(struct jsonin *j, struct jval *v, int depth, bool stream);

static struct jval *
add(struct jval *v)
{
	struct jval *e;
	size_t old;

	old = v->cap;
	v->v = xgrow(v->v, &v->cap, v->nv + 1, sizeof *v->v);
	if (v->t == J_OBJ)      /* keys grow with the values: cap is shared */
		v->keys = xfollow(v->keys, old, v->cap, sizeof *v->keys);
	e = &v->v[v->nv];
	memset(e, 0, sizeof *e);
	return e;
}

static int
container(struct jsonin *j, struct jval *v, int depth, bool stream)
{
	char close = j->s[j->i] == '[' ? ']' : '}';
	char *key;
	int c;
	size_t klen;

	v->t = close == ']' ? J_ARR : J_OBJ;
	if (depth >= JSON_DEPTH_MAX) {
		struct sbuf b = {0};

		sbuf_printf(&b, "nesting deeper than %d levels", JSON_DEPTH_MAX);
		DIAG(JSON_SYNTAX, j->line, col(j), b.s);
		sbuf_free(&b);
		return -1;
	}
	j->i++;
	blanks(j);
	if (peek(j) == close) {
		j->i++;
		return 0;
	}
	for (;;) {
		blanks(j);
		key = NULL;
		if (v->t == J_OBJ) {
			if (peek(j) != '"')
				return fail(j, "expected a member name in quotes");
			if (string(j, &key, &klen) < 0)
				return -1;
			blanks(j);
			if (peek(j) != ':') {
				free(key);
				return fail(j, "expected ':' after the member name");
			}
			j->i++;
		}
		add(v);
		if (v->t == J_OBJ)
			v->keys[v->nv] = key;
		if (value(j, &v->v[v->nv], depth + 1, depth == 0 &&
		    v->t == J_OBJ && j->each != NULL && j->each_key != NULL &&
		    strcmp(key, j->each_key) == 0) < 0) {
			/* the half-built member: what it holds is counted */
			jval_free(&v->v[v->nv]);
			free(key);
			return -1;
		}
		if (stream && v->t == J_ARR) {
			j->streamed = true;
			j->each(j->top, &v->v[v->nv], j->ctx);
			jval_free(&v->v[v->nv]);
			j->nvals = 0;   /* each element its own budget */
		} else
			v->nv++;
		blanks(j);
		if ((c = peek(j)) == ',') {
			j->i++;
			continue;
		}
		if (c == close) {
			j->i++;
			return 0;
		}
		return fail(j, close == ']' ? "expected ',' or ']'" :
		    "expected ',' or '}'");
	}
}

static int
value(struct jsonin *j, struct jval *v, int depth, bool stream)
{
	bool t;
	int c;

	blanks(j);
	memset(v, 0, sizeof *v);
	if (++j->nvals > JSON_VALUES_MAX) {
		struct sbuf b = {0};

		sbuf_printf(&b, "more than %d values in one record",
		    JSON_VALUES_MAX);
		DIAG(JSON_SYNTAX, j->line, col(j), b.s);
		sbuf_free(&b);
		return -1;
	}
	v->line = j->line;
	v->col = col(j);
	switch (c = peek(j)) {
	case '{':
	case '[':
		if (depth == 0)
			j->top = v;
		return container(j, v, depth, stream);
	case '"':
		v->t = J_STR;
		if (string(j, &v->s, &v->n) < 0)
			return -1;
		v->cut = j->cut;
		return 0;
	case 't':
	case 'f':
	case 'n':
		if ((t = word(j, "true")) || word(j, "false")) {
			v->t = J_BOOL;
			v->b = t;
			return 0;
		}
		if (word(j, "null"))
			return 0;
		break;
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return number(j, v);
	}
	return fail(j, "expected a value");
}

/* Parse the next value into *v: 0, or -1 after reporting an error (*v
 * then holds nothing to free). */
static int
jsonin_value(struct jsonin *j, struct jval *v)
{
	j->nvals = 0;
	j->streamed = false;
	blanks(j);
	j->vline = j->line;
	j->passed = false;
	j->mark = -1;
	/* a top-level array is streamed as "armies" is */
	if (value(j, v, 0, j->each != NULL && j->each_top_array) < 0) {
		jval_free(v);
		j->stop = true;         /* the rest is not read */
		return -1;
	}
	j->mark = -1;
	return 0;
}

bool
jsonin_next(struct jsonin *j, struct jval *v)
{
	while (jsonin_more(j)) {
		/* the first value read may be the first line of JSON Lines
		 * too, whether it is good or not */
		j->lines = (j->jsonl || j->ntop == 0) &&
		    j->base + (long long)j->i == j->bol;
		if (jsonin_value(j, v) == 0) {
			j->jsonl = v->line == j->line &&
			    (j->ntop == 0 || j->jsonl);
			j->ntop++;
			return true;
		}
		/* not when a document gave elements already: its lines are
		 * no values of their own */
		if (!j->lines || (j->ntop == 0 && j->streamed))
			break;
		next_line(j);
	}
	return false;
}

void
jval_free(struct jval *v)
{
	size_t i;

	for (i = 0; i < v->nv; i++) {
		jval_free(&v->v[i]);
		if (v->keys != NULL)
			free(v->keys[i]);
	}
	free(v->v);
	free(v->keys);
	free(v->s);
	memset(v, 0, sizeof *v);
}

const struct jval *
jval_get(const struct jval *o, const char *key)
{
	size_t i;

	if (o == NULL || o->t != J_OBJ)
		return NULL;
	for (i = 0; i < o->nv; i++)
		if (strcmp(o->keys[i], key) == 0)
			return &o->v[i];
	return NULL;
}

const char *
jval_str(const struct jval *v)
{
	return v != NULL && v->t == J_STR ? v->s : NULL;
}
