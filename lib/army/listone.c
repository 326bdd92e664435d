/* List text: a record on one line, its elements after its head
 * ("II/56 Early Imperial Roman 25BC-197AD: 1x3Cv (Gen), ..."). */
#include <string.h>

#include "army/armyin_int.h"
#include "rules/troop.h"

/* Does an element entry start s[0..n): a count ("1x", "2 x", "1*",
 * "1\xc3\x97") or a number and a troop type ("1 Ri", "3Kn")? */
static bool
entry_start(const char *s, size_t n)
{
	size_t i = 0, b, e;

	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == 0 || i > 3)
		return false;
	while (i < n && s[i] == ' ')
		i++;
	if (i < n && (s[i] == 'x' || s[i] == 'X' || s[i] == '*'))
		return true;
	if (i + 1 < n && (unsigned char)s[i] == 0xc3 &&
	    (unsigned char)s[i + 1] == 0x97)
		return true;
	for (b = i; b < n && ((s[b] >= '0' && s[b] <= '9') || s[b] == '/');
	    b++)
		;
	for (e = b; e < n && (((s[e] | 0x20) >= 'a' && (s[e] | 0x20) <= 'z') ||
	    (unsigned char)s[e] >= 0x80); e++)
		;
	return e > b && troop_find(s + b, e - b) != NULL;
}

/* "II/56 Early Imperial Roman 25BC-197AD: 1x3Cv (Gen), 1x2LH, ...", a
 * record on one line as club pages and forum posts write it: the offset
 * in h[0..hn) of its elements, after the first colon or dash between
 * blanks ("-", en or em dash) that an element entry follows (a digit
 * first, and a count or a troop type in it); *hend, where the head
 * before it ends.  0: none (the dates "I/1a Sumerian: 3000-2800 BC" are
 * no elements). */
size_t
listtext_one_line(const char *h, size_t hn, size_t *hend)
{
	size_t i, k, sl;

	for (i = 0; i < hn; i++) {
		sl = 0;
		if (h[i] == ':')
			sl = 1;
		else if (i > 0 && h[i - 1] == ' ' && h[i] == '-' &&
		    i + 1 < hn && h[i + 1] == ' ')
			sl = 1;
		else if (i > 0 && h[i - 1] == ' ' && i + 3 < hn &&
		    (memcmp(h + i, "\xe2\x80\x93", 3) == 0 ||
		    memcmp(h + i, "\xe2\x80\x94", 3) == 0) && h[i + 3] == ' ')
			sl = 3;
		if (sl == 0)
			continue;
		for (k = i + sl; k < hn && (h[k] == ' ' || h[k] == '\t'); k++)
			;
		if (entry_start(h + k, hn - k)) {
			while (i > 0 && (h[i - 1] == ' ' || h[i - 1] == '\t'))
				i--;
			*hend = i;
			return k;
		}
		if (h[i] == ':')
			return 0;       /* "Name: dates": a colon ends the head */
	}
	return 0;
}
