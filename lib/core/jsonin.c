/* A small bounded JSON reader (RFC 8259): values into a tree. */
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/jsonin.h"
#include "core/str.h"
#include "core/xalloc.h"

void
jsonin_init(struct jsonin *j, const char *s, size_t n)
{
	*j = (struct jsonin){ .s = s, .n = n, .line = 1 };
}

static void
blanks(struct jsonin *j)
{
	while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' ||
	    j->s[j->i] == '\r' || j->s[j->i] == '\n')) {
		/* LF, CRLF and a CR alone each end a line */
		if (j->s[j->i] == '\n' || (j->s[j->i] == '\r' &&
		    (j->i + 1 == j->n || j->s[j->i + 1] != '\n'))) {
			j->line++;
			j->bol = j->i + 1;
		}
		j->i++;
	}
}

void
jsonin_next_line(struct jsonin *j, size_t at, long line)
{
	size_t i;

	/* past the first line end: LF, CRLF or a CR alone */
	for (i = at; i < j->n && j->s[i] != '\n' && j->s[i] != '\r'; i++)
		;
	if (i < j->n && j->s[i] == '\r' && i + 1 < j->n &&
	    j->s[i + 1] == '\n')
		i++;
	j->i = i < j->n ? i + 1 : j->n;
	j->line = line + 1;
	j->bol = j->i;
}

bool
jsonin_more(struct jsonin *j)
{
	blanks(j);
	return j->i < j->n;
}

static long
col(const struct jsonin *j)
{
	return (long)(j->i - j->bol) + 1;
}

/* Report at the current byte what was expected, and what was seen. */
static int
fail(struct jsonin *j, const char *want)
{
	struct sbuf b = {0};
	unsigned char c;

	if (j->i >= j->n)
		sbuf_printf(&b, "%s, found the end of the input", want);
	else if ((c = (unsigned char)j->s[j->i]) >= 0x21 && c < 0x7f)
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

/* A string at j->i (on its '"'): its text, invalid UTF-8 replaced. */
static int
string(struct jsonin *j, char **out, size_t *len)
{
	struct sbuf b = {0}, c = {0};
	unsigned u, lo;
	char e;

	j->i++;
	sbuf_add(&b, "", 0);
	for (;;) {
		if (j->i >= j->n || (unsigned char)j->s[j->i] < 0x20) {
			sbuf_free(&b);
			return fail(j, "expected '\"' to close the string");
		}
		if (j->s[j->i] == '"')
			break;
		if (j->s[j->i] != '\\') {
			sbuf_addc(&b, j->s[j->i++]);
			continue;
		}
		if (++j->i >= j->n) {
			sbuf_free(&b);
			return fail(j, "expected an escape");
		}
		e = j->s[j->i];
		if (e == 'u') {
			if (j->n - j->i < 5 || hex4(j->s + j->i + 1, &u) < 0) {
				sbuf_free(&b);
				return fail(j, "expected four hex digits after \\u");
			}
			j->i += 5;
			if (u >= 0xd800 && u < 0xdc00 && j->n - j->i >= 6 &&
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
			continue;
		}
		switch (e) {
		case '"': case '\\': case '/': sbuf_addc(&b, e); break;
		case 'b': case 'f': put_utf8(&b, 0xfffd); break;
		case 'n': sbuf_addc(&b, '\n'); break;
		case 'r': sbuf_addc(&b, '\r'); break;
		case 't': sbuf_addc(&b, '\t'); break;
		default:
			sbuf_free(&b);
			return fail(j, "expected an escape such as \\n or \\u0041");
		}
		j->i++;
	}
	j->i++;
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
digit(const struct jsonin *j)
{
	return j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9';
}

static int
number(struct jsonin *j, struct jval *v)
{
	size_t start = j->i;

	if (j->s[j->i] == '-')
		j->i++;
	if (!digit(j))
		return fail(j, "expected a digit");
	if (j->s[j->i] == '0')
		j->i++;
	else
		while (digit(j))
			j->i++;
	if (j->i < j->n && j->s[j->i] == '.') {
		j->i++;
		if (!digit(j))
			return fail(j, "expected a digit after '.'");
		while (digit(j))
			j->i++;
	}
	if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
		j->i++;
		if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
			j->i++;
		if (!digit(j))
			return fail(j, "expected a digit in the exponent");
		while (digit(j))
			j->i++;
	}
	v->t = J_NUM;
	v->s = xstrndup(j->s + start, j->i - start);
	v->n = j->i - start;
	return 0;
}

static bool
word(struct jsonin *j, const char *w)
{
	size_t n = strlen(w);

	if (j->n - j->i < n || memcmp(j->s + j->i, w, n) != 0)
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
	if (j->i < j->n && j->s[j->i] == close) {
		j->i++;
		return 0;
	}
	for (;;) {
		blanks(j);
		key = NULL;
		if (v->t == J_OBJ) {
			if (j->i >= j->n || j->s[j->i] != '"')
				return fail(j, "expected a member name in quotes");
			if (string(j, &key, &klen) < 0)
				return -1;
			blanks(j);
			if (j->i >= j->n || j->s[j->i] != ':') {
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
			j->each(j->top, &v->v[v->nv], j->ctx);
			jval_free(&v->v[v->nv]);
			j->nvals = 0;   /* each element its own budget */
		} else
			v->nv++;
		blanks(j);
		if (j->i < j->n && j->s[j->i] == ',') {
			j->i++;
			continue;
		}
		if (j->i < j->n && j->s[j->i] == close) {
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
	if (j->i >= j->n)
		return fail(j, "expected a value");
	switch (j->s[j->i]) {
	case '{':
	case '[':
		if (depth == 0)
			j->top = v;
		return container(j, v, depth, stream);
	case '"':
		v->t = J_STR;
		return string(j, &v->s, &v->n);
	case 't':
	case 'f':
	case 'n':
		if (word(j, "true") || word(j, "false")) {
			v->t = J_BOOL;
			v->b = j->s[j->i - 1] == 'e' && j->s[j->i - 2] == 'u';
			return 0;
		}
		if (word(j, "null"))
			return 0;
		break;
	default:
		if (j->s[j->i] == '-' || digit(j))
			return number(j, v);
	}
	return fail(j, "expected a value");
}

int
jsonin_value(struct jsonin *j, struct jval *v)
{
	j->nvals = 0;
	/* a top-level array is streamed as "armies" is */
	if (value(j, v, 0, j->each != NULL && j->each_top_array) < 0) {
		jval_free(v);
		j->i = j->n;           /* the rest is not read */
		return -1;
	}
	return 0;
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
