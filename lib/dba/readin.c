/* The pieces the combat and move readers share. */
#include <limits.h>
#include <string.h>

#include "core/diag.h"
#include "core/str.h"
#include "dba/readin.h"

int
readin_index(const char *s, size_t n, const char *(*name)(int), int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (str_ieq(s, n, name(i)))
			return i;
	return -1;
}

long
readin_end_col(const struct toks *tk)
{
	const struct tok *t;

	if (tk->n == 0)
		return 1;
	t = &tk->v[tk->n - 1];
	return t->col + (long)t->len + (t->quoted ? 2 : 0);
}

bool
readin_line(struct input *in, const char **line, size_t *len)
{
	while (input_getline(in, line, len)) {
		if (utf8_valid(*line, *len) &&
		    memchr(*line, '\0', *len) == NULL)
			return true;
		DIAG(LINE_BYTES, in->line, 0);
	}
	return false;
}

int
readin_xml_line(xmlNodePtr n, long line, long *out)
{
	long x;
	int rc = xmlio_attr_long(n, "line", NULL, line, 1, INT_MAX, &x);

	*out = rc == 1 ? x : line;
	return rc < 0 ? -1 : 0;
}
