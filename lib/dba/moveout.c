/* Move writers: text lines, XML (formats/move.rng), TSV, JSON Lines. */
#include <stdlib.h>
#include <string.h>

#include "core/jsonout.h"
#include "dba/moveout.h"
#include "core/xalloc.h"
#include "core/xmlout.h"

/* Sentences: $1..$4 are replaced by the arguments of each rule. */
enum {
	S_TOO_FAR, S_NO_PIPS, S_TWICE, S_NO_CONTACT, S_DIFFICULT, S_ENGAGED,
	S_COLUMN, S_FRONTAGE, S_WHEEL, S_TURN, S_BREAKOFF, S_FLANK, S_FACE,
	S_ZOC, S_ROAD, S_DIFF, S_RIVER, S_AWAY, S_GOOD, S_DIFFG, S_N
};

static const char *const sentences[LANG_N][S_N] = {
	{ "$1 paces exceeds the $2 allowed", "costs $1 PIP, $2 left",
	  "'$1' already moved at line $2", "$1 may never move into contact",
	  "$1 may not enter difficult going off road",
	  "a group member is in contact with an enemy",
	  "a group moving $1 must be a column one element wide",
	  "a group changes its frontage only to form a column, pass a gap, "
	  "follow a road or wheel",
	  "a wheel of $1 degrees exceeds $2",
	  "a group may not turn on the spot",
	  "the enemy $1 moves $2 paces in $4 going, no less than the "
	  "mover's $3",
	  "may not move away from an enemy in flank or rear contact",
	  "may not turn to face while an enemy is in front contact",
	  "moves within an enemy's zone of control",
	  "along a road", "through difficult going", "across a river",
	  "away from an enemy", "good", "difficult" },
	{ "$1 Schritt überschreiten die erlaubten $2",
	  "kostet $1 PIP, $2 übrig", "'$1' hat schon in Zeile $2 gezogen",
	  "$1 dürfen nie in Kontakt ziehen",
	  "$1 dürfen schwieriges Gelände nur auf einer Straße betreten",
	  "ein Element der Gruppe hat Kontakt mit dem Gegner",
	  "eine Gruppe muss $1 als Kolonne ein Element breit ziehen",
	  "eine Gruppe ändert ihre Frontbreite nur für Kolonne, Lücke, "
	  "Straße oder Schwenkung",
	  "eine Schwenkung von $1 Grad überschreitet $2",
	  "eine Gruppe darf sich nicht auf der Stelle drehen",
	  "der Gegner $1 zieht $2 Schritt in $4 Gelände, nicht weniger "
	  "als die $3 des Ziehenden",
	  "darf sich nicht von einem Gegner in Flanke oder Rücken "
	  "wegbewegen",
	  "darf sich bei Frontkontakt nicht dem Gegner zuwenden",
	  "zieht in die Frontzone eines Gegners",
	  "längs einer Straße", "durch schwieriges Gelände",
	  "über einen Fluss", "vom Gegner weg", "normalem",
	  "schwierigem" },
	{ "$1 шагов больше допустимых $2", "стоит $1 PIP, осталось $2",
	  "'$1' уже ходил в строке $2", "$1 никогда не входит в контакт",
	  "$1 не входит в трудную местность вне дороги",
	  "элемент группы в контакте с противником",
	  "группа, идущая $1, должна идти колонной в один элемент",
	  "группа меняет фронт только для колонны, прохода, дороги или "
	  "захождения",
	  "захождение на $1 градусов больше $2",
	  "группа не может поворачиваться на месте",
	  "противник $1 проходит $2 шагов (местность: $4), не меньше $3 "
	  "ходящего",
	  "нельзя уходить от противника во фланге или тылу",
	  "нельзя поворачиваться при контакте фронтом",
	  "входит в зону контроля противника",
	  "по дороге", "через трудную местность", "через реку",
	  "от противника", "хорошая", "трудная" },
};

enum { L_OK, L_ILLEGAL, L_BOUND, L_PIPS, L_USED, L_UNUSED, L_NOBUDGET,
    L_N };
static const char *const labels[LANG_N][L_N] = {
	{ "ok", "illegal", "bound", "PIPs", "used", "unused",
	  "no PIP budget" },
	{ "erlaubt", "verboten", "Zug", "PIPs", "verbraucht", "übrig",
	  "ohne PIP-Wurf" },
	{ "можно", "нельзя", "ход", "PIP", "потрачено", "осталось",
	  "без броска PIP" },
};

struct moveout {
	FILE *fp;
	struct moveout_opts o;
	struct xw *xw;
	struct jw jw;
	struct sbuf sb, troops;
	bool open;              /* an XML bound element is open */
};

static void
subst(struct sbuf *sb, const char *t, const char *const *arg)
{
	for (; *t != '\0'; t++) {
		if (t[0] == '$' && t[1] >= '1' && t[1] <= '4') {
			sbuf_adds(sb, arg[t[1] - '1']);
			t++;
		} else
			sbuf_addc(sb, *t);
	}
}

static const char *
code(int troop)
{
	return troop_at((size_t)troop)->code;
}

/* The first member of the move that breaks rule flag (ids in m). */
static const char *
culprit(const struct rules *r, const struct move *m, bool contact)
{
	int i;

	for (i = 0; i < m->ntroops; i++)
		if (contact ? !r->t[m->troop[i]].contact :
		    r->t[m->troop[i]].move_difficult <= 0)
			return code(m->troop[i]);
	return code(m->troop[0]);
}

void
moveout_sentence(struct sbuf *sb, enum lang lang, const struct rules *r,
    int rule, const struct move *m, const struct mresult *res,
    const struct bound *b)
{
	const char *const *s = sentences[lang];
	char n1[24], n2[24], n3[24];
	const char *a[4] = { n1, n2, n3, "" };
	int k = S_TOO_FAR;

	(void)b;
	n1[0] = n2[0] = n3[0] = '\0';
	switch (rule) {
	case MR_TOO_FAR:
		snprintf(n1, sizeof n1, "%ld", m->dist);
		snprintf(n2, sizeof n2, "%ld", res->max);
		break;
	case MR_NO_PIPS:
		k = S_NO_PIPS;
		snprintf(n1, sizeof n1, "%d", res->cost);
		snprintf(n2, sizeof n2, "%d", res->left);
		break;
	case MR_MOVED_TWICE:
		k = S_TWICE;
		a[0] = m->id;
		snprintf(n2, sizeof n2, "%ld", res->twice_line);
		break;
	case MR_NO_CONTACT:
	case MR_DIFFICULT_GOING:
		k = rule == MR_NO_CONTACT ? S_NO_CONTACT : S_DIFFICULT;
		a[0] = culprit(r, m, rule == MR_NO_CONTACT);
		break;
	case MR_GROUP_ENGAGED:
		k = S_ENGAGED;
		break;
	case MR_COLUMN_REQUIRED:
		k = S_COLUMN;
		a[0] = s[m->has[MF_ROAD] ? S_ROAD : m->has[MF_DIFFICULT] ?
		    S_DIFF : m->has[MF_RIVER] ? S_RIVER : S_AWAY];
		break;
	case MR_FRONTAGE:
		k = m->frontage == FR_WHEEL ? S_WHEEL : S_FRONTAGE;
		snprintf(n1, sizeof n1, "%d", m->wheel);
		snprintf(n2, sizeof n2, "%d", r->wheel_max);
		break;
	case MR_GROUP_TURN:
		k = S_TURN;
		break;
	case MR_BREAKOFF:
		k = S_BREAKOFF;
		a[0] = code(m->breakoff);
		snprintf(n2, sizeof n2, "%ld", res->enemy_max);
		snprintf(n3, sizeof n3, "%ld", res->own_max);
		a[3] = s[move_end_going(m) == GO_DIFFICULT ? S_DIFFG : S_GOOD];
		break;
	case MR_FLANK_CONTACT:
		k = m->has[MF_FACE] ? S_FACE : S_FLANK;
		break;
	default:
		k = S_ZOC;
	}
	subst(sb, s[k], a);
}

static const char *
troops(struct moveout *w, const struct move *m)
{
	int i;

	sbuf_reset(&w->troops);
	for (i = 0; i < m->ntroops; i++) {
		if (i > 0)
			sbuf_addc(&w->troops, ',');
		sbuf_adds(&w->troops, code(m->troop[i]));
	}
	return sbuf_str(&w->troops);
}

struct moveout *
moveout_new(FILE *fp, const struct moveout_opts *o)
{
	struct moveout *w = xcalloc(1, sizeof *w);

	w->fp = fp;
	w->o = *o;
	switch (o->fmt) {
	case MFMT_XML:
		w->xw = xw_new(fp);
		xw_start(w->xw, "moves");
		xw_attr(w->xw, "version", "1");
		xw_attr(w->xw, "rules", o->rules->edition);
		break;
	case MFMT_TSV:
		fputs("line\tbound\ttroops\tdistance\tmax\tcost\tverdict\t"
		    "rules\n", fp);
		break;
	case MFMT_JSON:
		jw_init(&w->jw, fp);
		break;
	}
	return w;
}

void
moveout_bound_start(struct moveout *w, const struct bound *b, bool totals,
    int used, int unused)
{
	if (w->xw == NULL)
		return;
	xw_start(w->xw, "bound");
	xw_attr(w->xw, "file", b->file);
	if (b->line > 0)
		xw_attrl(w->xw, "line", b->line);
	if (b->pips > 0)
		xw_attrl(w->xw, "pips", b->pips);
	if (b->general_lost)
		xw_attr(w->xw, "general-lost", "yes");
	if (totals) {
		xw_attrl(w->xw, "used", used);
		xw_attrl(w->xw, "unused", unused);
	}
	w->open = true;
}

/* Characters of a UTF-8 string (for padding). */
static size_t
chars(const char *s)
{
	size_t n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static void
text_move(struct moveout *w, const struct move *m, const struct mresult *res)
{
	const char *const *lb = labels[w->o.lang];
	const char *v = lb[res->rules ? L_ILLEGAL : L_OK];
	size_t pad = 9 - chars(v);
	int rule, n = 0;

	if (w->o.multi)
		fprintf(w->fp, "%s:", m->file);
	fprintf(w->fp, "%ld: %s%*s%s %ld/%ld p, %d PIP", m->line, v,
	    (int)pad, "", troops(w, m), m->dist, res->max, res->cost);
	for (rule = 0; rule < MR_N; rule++) {
		if (!(res->rules & (1u << rule)))
			continue;
		sbuf_reset(&w->sb);
		moveout_sentence(&w->sb, w->o.lang, w->o.rules, rule, m, res,
		    NULL);
		fprintf(w->fp, "%s %s: %s", n++ ? ";" : ":", mrule_name(rule),
		    sbuf_str(&w->sb));
	}
	fputc('\n', w->fp);
}

static void
xml_move(struct moveout *w, const struct move *m, const struct mresult *res)
{
	struct xw *x = w->xw;
	int rule;

	xw_start(x, "move");
	xw_attrl(x, "line", m->line);
	xw_attr(x, "troops", troops(w, m));
	xw_attrl(x, "distance", m->dist);
	xw_attrl(x, "max", res->max);
	xw_attrl(x, "cost", res->cost);
	xw_attr(x, "verdict", res->rules ? "illegal" : "ok");
	for (rule = 0; rule < MR_N; rule++) {
		if (!(res->rules & (1u << rule)))
			continue;
		sbuf_reset(&w->sb);
		moveout_sentence(&w->sb, LANG_EN, w->o.rules, rule, m, res, NULL);
		xw_start(x, "violation");
		xw_attr(x, "rule", mrule_name(rule));
		xw_text(x, sbuf_str(&w->sb));
		xw_end(x);
	}
	xw_end(x);
}

static void
tsv_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	int rule, n = 0;

	fprintf(w->fp, "%ld\t", m->line);
	if (b->line > 0)
		fprintf(w->fp, "%ld", b->line);
	fprintf(w->fp, "\t%s\t%ld\t%ld\t%d\t%s\t", troops(w, m), m->dist,
	    res->max, res->cost, res->rules ? "illegal" : "ok");
	for (rule = 0; rule < MR_N; rule++)
		if (res->rules & (1u << rule))
			fprintf(w->fp, "%s%s", n++ ? "," : "",
			    mrule_name(rule));
	fputc('\n', w->fp);
}

static void
json_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	struct jw *j = &w->jw;
	int rule;

	jw_obj(j);
	jw_kstr(j, "file", m->file);
	jw_kint(j, "line", m->line);
	if (b->line > 0)
		jw_kint(j, "bound", b->line);
	jw_kstr(j, "troops", troops(w, m));
	jw_kint(j, "distance", m->dist);
	jw_kint(j, "max", res->max);
	jw_kint(j, "cost", res->cost);
	jw_key(j, "charged");
	jw_bool(j, res->charged);
	jw_kstr(j, "verdict", res->rules ? "illegal" : "ok");
	jw_key(j, "violations");
	jw_arr(j);
	for (rule = 0; rule < MR_N; rule++) {
		if (!(res->rules & (1u << rule)))
			continue;
		sbuf_reset(&w->sb);
		moveout_sentence(&w->sb, LANG_EN, w->o.rules, rule, m, res, NULL);
		jw_obj(j);
		jw_kstr(j, "rule", mrule_name(rule));
		jw_kstr(j, "text", sbuf_str(&w->sb));
		jw_close(j, '}');
	}
	jw_close(j, ']');
	jw_close(j, '}');
}

void
moveout_move(struct moveout *w, const struct bound *b, const struct move *m,
    const struct mresult *res)
{
	switch (w->o.fmt) {
	case MFMT_XML:
		xml_move(w, m, res);
		break;
	case MFMT_TSV:
		tsv_move(w, b, m, res);
		break;
	case MFMT_JSON:
		json_move(w, b, m, res);
		break;
	default:
		text_move(w, m, res);
	}
}

void
moveout_bound_end(struct moveout *w, const struct bound *b, int used, int unused)
{
	const char *const *lb = labels[w->o.lang];

	if (w->xw != NULL) {
		xw_end(w->xw);
		xw_flush(w->xw);
		w->open = false;
		return;
	}
	if (w->o.fmt != MFMT_TEXT)
		return;
	fputs(lb[L_BOUND], w->fp);
	if (w->o.multi)
		fprintf(w->fp, " %s%s", b->file, b->line > 0 ? ":" : "");
	else if (b->line > 0)
		fputc(' ', w->fp);
	if (b->line > 0)
		fprintf(w->fp, "%ld", b->line);
	if (b->pips > 0)
		fprintf(w->fp, ": %d %s, %d %s, %d %s\n", b->pips,
		    b->pips == 1 && w->o.lang != LANG_RU ? "PIP" :
		    lb[L_PIPS], used, lb[L_USED], unused, lb[L_UNUSED]);
	else
		fprintf(w->fp, ": %s, %d %s\n", lb[L_NOBUDGET], used,
		    lb[L_USED]);
}

int
moveout_finish(struct moveout *w)
{
	int rc = 0;

	if (w->xw != NULL) {
		if (w->open)
			xw_end(w->xw);
		xw_end(w->xw);
		rc = xw_finish(w->xw);
	}
	sbuf_free(&w->sb);
	sbuf_free(&w->troops);
	free(w);
	return rc;
}
