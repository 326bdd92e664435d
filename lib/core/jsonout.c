/* Streaming JSON and TSV cell writers. */
#include <string.h>

#include "core/jsonout.h"

void
jw_init(struct jw *j, FILE *fp)
{
	memset(j, 0, sizeof *j);
	j->fp = fp;
	j->first[0] = true;
}

static void
sep(struct jw *j)
{
	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (j->depth >= JW_DEPTH) {     /* not tracked: never reached */
		fputc(',', j->fp);
		return;
	}
	if (!j->first[j->depth])
		fputc(j->depth == 0 ? '\n' : ',', j->fp);
	j->first[j->depth] = false;
}

void
jw_obj(struct jw *j)
{
	sep(j);
	fputc('{', j->fp);
	if (++j->depth < JW_DEPTH)
		j->first[j->depth] = true;
}

void
jw_arr(struct jw *j)
{
	sep(j);
	fputc('[', j->fp);
	if (++j->depth < JW_DEPTH)
		j->first[j->depth] = true;
}

void
jw_close(struct jw *j, char c)
{
	fputc(c, j->fp);
	if (j->depth > 0)
		j->depth--;
	if (j->depth == 0)
		fputc('\n', j->fp), j->first[0] = true;
}

/* JSON string escaping into a stream. */
static void
json_escape(FILE *fp, const char *s, size_t n)
{
	size_t i;

	fputc('"', fp);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '"': fputs("\\\"", fp); break;
		case '\\': fputs("\\\\", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\t': fputs("\\t", fp); break;
		case '\r': fputs("\\r", fp); break;
		default:
			if (c < 0x20 || c == 0x7f)
				fprintf(fp, "\\u%04x", c);
			else
				fputc(c, fp);
		}
	}
	fputc('"', fp);
}

void
jw_key(struct jw *j, const char *key)
{
	sep(j);
	json_escape(j->fp, key, strlen(key));
	fputc(':', j->fp);
	j->after_key = true;
}

static void
jw_strn(struct jw *j, const char *s, size_t n)
{
	sep(j);
	json_escape(j->fp, s, n);
}

void
jw_str(struct jw *j, const char *s)
{
	jw_strn(j, s, strlen(s));
}

void
jw_int(struct jw *j, long long v)
{
	sep(j);
	fprintf(j->fp, "%lld", v);
}

void
jw_knum(struct jw *j, const char *key, const char *num)
{
	jw_key(j, key);
	sep(j);
	fputs(num, j->fp);
}

void
jw_bool(struct jw *j, bool v)
{
	sep(j);
	fputs(v ? "true" : "false", j->fp);
}

void
jw_kstr(struct jw *j, const char *key, const char *s)
{
	jw_key(j, key);
	jw_str(j, s);
}

void
jw_kint(struct jw *j, const char *key, long long v)
{
	jw_key(j, key);
	jw_int(j, v);
}

void
jw_begin(struct jw *j, FILE *fp, bool lines, const char *rules,
    const uint64_t *seed, const char *records)
{
	jw_init(j, fp);
	if (lines)
		return;
	j->doc = true;
	jw_obj(j);
	jw_kint(j, "version", 1);
	if (rules != NULL)
		jw_kstr(j, "rules", rules);
	if (seed != NULL) {     /* a string: 64 bits do not survive
				 * the doubles of most JSON readers */
		char b[24];

		snprintf(b, sizeof b, "%llu", (unsigned long long)*seed);
		jw_kstr(j, "seed", b);
	}
	jw_key(j, records);
	jw_arr(j);
}

void
jw_end(struct jw *j)
{
	if (!j->doc)
		return;
	jw_close(j, ']');
	jw_close(j, '}');
	j->doc = false;
}

void
tsv_cell(FILE *fp, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		switch (s[i]) {
		case '\t': fputs("\\t", fp); break;
		case '\n': fputs("\\n", fp); break;
		case '\r': fputs("\\r", fp); break;
		case '\\': fputs("\\\\", fp); break;
		default: fputc(s[i], fp);
		}
	}
}
