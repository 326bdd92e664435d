/* The army model: allocation, freeing, reference lists, source maps. */
#include <stdlib.h>
#include <string.h>

#include "army/army.h"
#include "core/xalloc.h"

void
army_init(struct army *a)
{
	memset(a, 0, sizeof *a);
}

static void
troopref_free(struct troopref *r)
{
	free(r->name);
	free(r->figures);
	free(r->written);
	free(r->dis_written);
	free(r->dis_name);
	free(r->dis_figures);
	free(r->note);
}

void
item_free(struct item *it)
{
	size_t i;

	for (i = 0; i < it->ntroops; i++)
		troopref_free(&it->troops[i]);
	free(it->troops);
	for (i = 0; i < it->npkgs; i++)
		package_free(&it->pkgs[i]);
	free(it->pkgs);
	memset(it, 0, sizeof *it);
}

size_t
package_count(const struct package *p)
{
	size_t n = 0, i, j;

	for (i = 0; i < p->n; i++) {
		n++;
		for (j = 0; j < p->items[i].npkgs; j++)
			n += package_count(&p->items[i].pkgs[j]);
	}
	return n;
}

bool
package_cut(struct package *p, size_t max)
{
	size_t n = 0, i, j, k;

	for (i = 0; i < p->n; i++) {
		k = 1;
		for (j = 0; j < p->items[i].npkgs; j++)
			k += package_count(&p->items[i].pkgs[j]);
		if (n + k > max)
			break;
		n += k;
	}
	if (i == p->n)
		return false;
	for (j = i; j < p->n; j++)
		item_free(&p->items[j]);
	p->n = i;
	return true;
}

void
package_free(struct package *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		item_free(&p->items[i]);
	free(p->items);
	memset(p, 0, sizeof *p);
}

static void
strv_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void
army_free(struct army *a)
{
	size_t i;

	free(a->id);
	free(a->file);
	free(a->name);
	free(a->period);
	free(a->terrain);
	free(a->aggression);
	free(a->sources);
	free(a->dbm);
	strv_free(a->enemies, a->nenemies);
	strv_free(a->allies, a->nallies);
	free(a->elements_text);
	package_free(&a->list);
	for (i = 0; i < a->nnotes; i++) {
		free(a->notes[i].column);
		free(a->notes[i].text);
	}
	free(a->notes);
	army_init(a);
}

void
army_add_note(struct army *a, const char *column, size_t cn,
    const char *text, size_t tn)
{
	a->notes = xgrow(a->notes, &a->capnotes, a->nnotes + 1,
	    sizeof *a->notes);
	a->notes[a->nnotes].column = xstrndup(column, cn);
	a->notes[a->nnotes].text = xstrndup(text, tn);
	a->nnotes++;
}

struct item *
package_add(struct package *p)
{
	struct item *it;

	if (p->n > ARMY_MAX_ITEMS) {
		/* an item past ARMY_MAX_ITEMS is never kept (package_cut):
		 * the last slot is used again, so that a list of a million
		 * entries does not pile up in memory */
		it = &p->items[p->n - 1];
		item_free(it);
		memset(it, 0, sizeof *it);
		return it;
	}
	p->items = xgrow(p->items, &p->cap, p->n + 1, sizeof *p->items);
	it = &p->items[p->n++];
	memset(it, 0, sizeof *it);
	return it;
}

struct troopref *
item_add_troop(struct item *it)
{
	struct troopref *r;

	it->troops = xgrow(it->troops, &it->captroops, it->ntroops + 1,
	    sizeof *it->troops);
	r = &it->troops[it->ntroops++];
	memset(r, 0, sizeof *r);
	return r;
}

struct package *
item_add_package(struct item *it)
{
	struct package *p;

	it->pkgs = xgrow(it->pkgs, &it->cappkgs, it->npkgs + 1,
	    sizeof *it->pkgs);
	p = &it->pkgs[it->npkgs++];
	memset(p, 0, sizeof *p);
	return p;
}

void
item_drop_troop(struct item *it)
{
	if (it->ntroops > 0)
		troopref_free(&it->troops[--it->ntroops]);
}

void
item_drop_package(struct item *it)
{
	if (it->npkgs > 0)
		package_free(&it->pkgs[--it->npkgs]);
}

void
army_refs(char ***v, size_t *n, size_t *cap, const char *s, size_t len)
{
	size_t i = 0, start;

	while (i < len) {
		while (i < len && (s[i] == ',' || s[i] == ';' ||
		    s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
		    s[i] == '.'))
			i++;
		start = i;
		while (i < len && s[i] != ',' && s[i] != ';' && s[i] != ' ' &&
		    s[i] != '\t' && s[i] != '\n')
			i++;
		if (i > start) {
			size_t e = i;

			while (e > start && s[e - 1] == '.')
				e--;
			if (e == start)
				continue;
			*v = xgrow(*v, cap, *n + 1, sizeof **v);
			(*v)[(*n)++] = xstrndup(s + start, e - start);
		}
	}
}

void
srcmap_add(struct srcmap *m, size_t off, long line, long col)
{
	m->seg = xgrow(m->seg, &m->cap, m->n + 1, sizeof *m->seg);
	m->seg[m->n].off = off;
	m->seg[m->n].line = line;
	m->seg[m->n].col = col;
	m->n++;
}

void
srcmap_lookup(const struct srcmap *m, size_t off, long *line, long *col)
{
	size_t lo = 0, hi = m->n;

	*line = 0;
	*col = 0;
	if (m->n == 0)
		return;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (m->seg[mid].off <= off)
			lo = mid;
		else
			hi = mid;
	}
	*line = m->seg[lo].line;
	if (m->seg[lo].col > 0)
		*col = m->seg[lo].col + (long)(off - m->seg[lo].off);
}

void
srcmap_reset(struct srcmap *m)
{
	m->n = 0;
}

void
srcmap_free(struct srcmap *m)
{
	free(m->seg);
	memset(m, 0, sizeof *m);
}

bool
army_is_id(const char *s, size_t n)
{
	size_t i = 0, d;

	/* optional roman book number and slash */
	while (i < n && (s[i] == 'I' || s[i] == 'V' || s[i] == 'X'))
		i++;
	if (i > 0) {
		if (i == n || s[i] != '/')
			return false;
		i++;
	}
	d = i;
	if (i < n && s[i] == '0')
		return false;
	while (i < n && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == d || i - d > 6)
		return false;
	if (i < n && s[i] >= 'a' && s[i] <= 'z')
		i++;
	/* sub-variants such as "II/42b.1" */
	if (i + 1 < n && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9')
			i++;
	}
	return i == n;
}

void
army_note_escape(struct sbuf *b, const char *s, bool column)
{
	for (; *s != '\0'; s++) {
		if (*s == '\\' || (column && *s == ':'))
			sbuf_addc(b, '\\');
		if (*s == '\n')
			sbuf_add(b, "\\n", 2);
		else
			sbuf_addc(b, *s);
	}
}

/* Undo the escapes of a note's column or text (\\ \: \n) into b. */
static void
note_unescape(struct sbuf *b, const char *s, size_t n)
{
	size_t i;

	sbuf_reset(b);
	sbuf_add(b, "", 0);
	for (i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n) {
			i++;
			sbuf_addc(b, s[i] == 'n' ? '\n' : s[i]);
		} else
			sbuf_addc(b, s[i]);
	}
}


void
army_note_line(struct army *a, const char *s, size_t n, const char *dflt)
{
	struct sbuf c = {0}, t = {0};
	size_t i;

	for (i = 0; i + 1 < n && !(s[i] == ':' && s[i + 1] == ' '); i++)
		if (s[i] == '\\')
			i++;
	if (i + 1 < n) {
		note_unescape(&c, s, i);
		note_unescape(&t, s + i + 2, n - i - 2);
	} else {
		note_unescape(&c, dflt, strlen(dflt));
		note_unescape(&t, s, n);
	}
	army_add_note(a, c.s, c.len, t.s, t.len);
	sbuf_free(&c);
	sbuf_free(&t);
}
