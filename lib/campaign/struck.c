/* campaign-catastrophe's XML output as the battle of campaign-survival:
 * what struck whom (its reader is campaignin_struck_load).  A side is
 * the key 's' NAME, its value a flags byte (1 event, 2 leader), the
 * fate, the damage (4 bytes), then event and leader each ended by a
 * NUL; a unit is the key 'u' SIDE NUL UNIT without a value. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/struck.h"
#include "core/xalloc.h"

void
struck_free(struct struck *s)
{
	keymap_free(s->m);
	sbuf_free(&s->key);
	sbuf_free(&s->val);
	memset(s, 0, sizeof *s);
}

static void
side_key(struct struck *s, const char *side)
{
	sbuf_reset(&s->key);
	sbuf_addc(&s->key, 's');
	sbuf_adds(&s->key, side);
}

static void
unit_key(struct struck *s, const char *side, const char *unit)
{
	sbuf_reset(&s->key);
	sbuf_addc(&s->key, 'u');
	sbuf_adds(&s->key, side);
	sbuf_add(&s->key, "", 1);
	sbuf_adds(&s->key, unit);
}

bool
struck_add_side(struct struck *s, const char *name,
    const struct struck_side *ss)
{
	int32_t d = ss->damage;

	if (s->m == NULL)
		s->m = keymap_new();
	side_key(s, name);
	sbuf_reset(&s->val);
	sbuf_addc(&s->val, (char)((ss->event != NULL ? 1 : 0) |
	    (ss->leader != NULL ? 2 : 0)));
	sbuf_addc(&s->val, (char)ss->fate);
	sbuf_add(&s->val, (const char *)&d, sizeof d);
	sbuf_add(&s->val, ss->event != NULL ? ss->event : "",
	    ss->event != NULL ? strlen(ss->event) + 1 : 1);
	sbuf_add(&s->val, ss->leader != NULL ? ss->leader : "",
	    ss->leader != NULL ? strlen(ss->leader) + 1 : 1);
	return keymap_add(s->m, s->key.s, s->key.len, s->val.s, s->val.len);
}

void
struck_add_unit(struct struck *s, const char *side, const char *unit)
{
	if (s->m == NULL)
		s->m = keymap_new();
	unit_key(s, side, unit);
	keymap_put(s->m, s->key.s, s->key.len, NULL, 0);
}

const struct struck_side *
struck_find(struct struck *s, const char *side)
{
	const char *v;
	int32_t d;

	if (s->m == NULL)
		return NULL;
	side_key(s, side);
	if (!keymap_get(s->m, s->key.s, s->key.len, &s->val) ||
	    s->val.len < 2 + sizeof d + 2)
		return NULL;
	v = s->val.s;
	memcpy(&d, v + 2, sizeof d);
	s->cur.fate = (enum cat_fate)(unsigned char)v[1];
	s->cur.damage = d;
	s->cur.event = (v[0] & 1) ? v + 2 + sizeof d : NULL;
	s->cur.leader = (v[0] & 2) ? v + 2 + sizeof d +
	    strlen(v + 2 + sizeof d) + 1 : NULL;
	return &s->cur;
}

bool
struck_has_unit(struct struck *s, const char *side, const char *unit)
{
	if (s->m == NULL)
		return false;
	unit_key(s, side, unit);
	return keymap_get(s->m, s->key.s, s->key.len, NULL);
}

void
struck_apply(const struct struck_side *ss, struct surv_pc *p)
{
	bool commander;

	if (ss->event == NULL || ss->leader == NULL || ss->fate == FATE_NONE)
		return;
	commander = strcmp(ss->leader, "commander") == 0;
	if (commander ? !p->commander : p->unit == NULL ||
	    strcmp(p->unit, ss->leader) != 0)
		return;
	free(p->struck_own);
	p->struck_own = xstrdup(ss->event);
	p->struck_event = p->struck_own;
	if (ss->fate == FATE_WOUNDED) {
		p->struck = STRUCK_WOUNDED;
		p->struck_damage = ss->damage;
		return;
	}
	/* killed: a PC is wounded and unconscious instead; the rules text
	 * takes the rolls away from the unit leader (17) only */
	p->struck = STRUCK_UNCONSCIOUS;
	p->no_rolls = !commander;
}
