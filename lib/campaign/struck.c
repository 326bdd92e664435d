/* campaign-catastrophe's XML output as the battle of campaign-survival:
 * what struck whom (its reader is campaignin_struck_load). */
#include <stdlib.h>
#include <string.h>

#include "campaign/struck.h"

void
struck_free(struct struck *s)
{
	size_t i, k;

	for (i = 0; i < s->n; i++) {
		for (k = 0; k < s->v[i].nunits; k++)
			free(s->v[i].units[k]);
		free(s->v[i].units);
		free(s->v[i].name);
		free(s->v[i].event);
		free(s->v[i].leader);
	}
	free(s->v);
	memset(s, 0, sizeof *s);
}

const struct struck_side *
struck_find(const struct struck *s, const char *side)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->v[i].name, side) == 0)
			return &s->v[i];
	return NULL;
}

bool
struck_has_unit(const struct struck_side *ss, const char *unit)
{
	size_t i;

	for (i = 0; i < ss->nunits; i++)
		if (strcmp(ss->units[i], unit) == 0)
			return true;
	return false;
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
	p->struck_event = ss->event;
	if (ss->fate == FATE_WOUNDED) {
		p->struck = STRUCK_WOUNDED;
		p->struck_damage = ss->damage;
		return;
	}
	/* killed: a PC is wounded and unconscious instead; the seed takes
	 * the rolls away from the unit leader (17) only */
	p->struck = STRUCK_UNCONSCIOUS;
	p->no_rolls = !commander;
}
