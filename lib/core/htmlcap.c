/* The attributes of an HTML start tag past a cap cut out before libxml2
 * sees them.  The states follow libxml2's HTML parser: a tag is '<' and
 * a letter; comments, declarations, end tags and processing
 * instructions are passed over; the content of script and style ends at
 * "</" and a letter. */
#include <string.h>

#include "core/htmlcap.h"

enum {
	S_TEXT, S_LT, S_BANG, S_BANG2, S_COMMENT, S_SKIP, S_NAME, S_BEFORE,
	S_ANAME, S_AFTER, S_BVAL, S_QUOTE, S_UNQ, S_CUT, S_CUTQ, S_RAW,
	S_RAWLT, S_RAWSL
};

static int
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static int
letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The state after the '>' of a start tag: script and style hold raw
 * text. */
static int
tag_end(const struct htmlcap *s)
{
	if ((s->namelen == 6 && memcmp(s->name, "script", 6) == 0) ||
	    (s->namelen == 5 && memcmp(s->name, "style", 5) == 0))
		return S_RAW;
	return S_TEXT;
}

/* A new attribute starts at c: counted, or the cut begins. */
static int
attr_start(struct htmlcap *s, int max, struct sbuf *out)
{
	if (++s->nattr <= max)
		return S_ANAME;
	sbuf_adds(out, HTMLCAP_MARK);
	return S_CUT;
}

/* The next state inside a start tag, at byte c (emitted by the caller
 * unless the state is a cut). */
static int
in_tag(struct htmlcap *s, int max, char c, struct sbuf *out)
{
	switch (s->st) {
	case S_NAME:
		if (c == '>')
			return tag_end(s);
		if (blank(c) || c == '/')
			return S_BEFORE;
		if (s->namelen < (int)sizeof s->name)
			s->name[s->namelen] = (char)(c >= 'A' && c <= 'Z' ?
			    c + 32 : c);
		s->namelen++;
		return S_NAME;
	case S_BEFORE:
		if (c == '>')
			return tag_end(s);
		if (blank(c) || c == '/')
			return S_BEFORE;
		return attr_start(s, max, out);
	case S_ANAME:
	case S_AFTER:
		if (c == '>')
			return tag_end(s);
		if (c == '=')
			return S_BVAL;
		if (blank(c))
			return S_AFTER;
		return s->st == S_ANAME ? S_ANAME : attr_start(s, max, out);
	case S_BVAL:
		if (c == '>')
			return tag_end(s);
		if (blank(c))
			return S_BVAL;
		if (c == '"' || c == '\'') {
			s->quote = c;
			return S_QUOTE;
		}
		return S_UNQ;
	case S_QUOTE:
		return c == s->quote ? S_BEFORE : S_QUOTE;
	default:        /* S_UNQ */
		if (c == '>')
			return tag_end(s);
		return blank(c) ? S_BEFORE : S_UNQ;
	}
}

/* The next state outside a start tag's attributes, at byte c. */
static int
out_tag(struct htmlcap *s, char c)
{
	switch (s->st) {
	case S_LT:
		s->nattr = s->namelen = 0;
		if (c == '!')
			return S_BANG;
		if (c == '/' || c == '?')
			return S_SKIP;
		if (letter(c) || c == '_' || c == ':' || c == '.') {
			s->name[s->namelen++] = (char)(c >= 'A' && c <= 'Z' ?
			    c + 32 : c);
			return S_NAME;
		}
		return c == '<' ? S_LT : S_TEXT;
	case S_BANG:
		return c == '-' ? S_BANG2 : c == '>' ? S_TEXT : S_SKIP;
	case S_BANG2:
		s->run = 0;
		return c == '-' ? S_COMMENT : c == '>' ? S_TEXT : S_SKIP;
	case S_COMMENT:
		if (c == '>' && s->run >= 2)
			return S_TEXT;
		s->run = c == '-' ? s->run + 1 : 0;
		return S_COMMENT;
	case S_SKIP:
		return c == '>' ? S_TEXT : S_SKIP;
	case S_RAW:
		return c == '<' ? S_RAWLT : S_RAW;
	case S_RAWLT:
		return c == '/' ? S_RAWSL : c == '<' ? S_RAWLT : S_RAW;
	case S_RAWSL:
		return letter(c) ? S_SKIP : c == '<' ? S_RAWLT : S_RAW;
	default:        /* S_TEXT */
		return c == '<' ? S_LT : S_TEXT;
	}
}

void
htmlcap_filter(struct htmlcap *s, int max, const char *buf, size_t n,
    struct sbuf *out)
{
	const char *p = buf, *end = buf + n, *q;
	char c;

	while (p < end) {
		/* most bytes: text to the next '<', a value to its quote */
		if (s->st == S_TEXT || s->st == S_RAW || s->st == S_QUOTE) {
			q = memchr(p, s->st == S_QUOTE ? s->quote : '<',
			    (size_t)(end - p));
			if (q == NULL)
				q = end;
			sbuf_add(out, p, (size_t)(q - p));
			if ((p = q) == end)
				break;
		}
		c = *p++;
		if (s->st == S_CUT || s->st == S_CUTQ) {
			/* dropped but for line ends (libxml2 counts lines)
			 * and the '>' that ends the tag */
			if (s->st == S_CUTQ)
				s->st = c == s->quote ? S_CUT : S_CUTQ;
			else if (c == '"' || c == '\'') {
				s->quote = c;
				s->st = S_CUTQ;
			} else if (c == '>')
				s->st = tag_end(s);
			if (c == '\n' || (s->st != S_CUT && s->st != S_CUTQ))
				sbuf_addc(out, c);
			continue;
		}
		s->st = s->st >= S_NAME && s->st <= S_UNQ ?
		    in_tag(s, max, c, out) : out_tag(s, c);
		if (s->st == S_CUT) {
			/* the first byte of the attribute past max */
			if (c == '"' || c == '\'') {
				s->quote = c;
				s->st = S_CUTQ;
			}
			continue;
		}
		sbuf_addc(out, c);
	}
}
