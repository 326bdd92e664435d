/* pngdiff: compare two PNG images with a tolerance, for the golden-image
 * tests (tests/images.bats); read and written with cairo.
 *
 *   pngdiff [-t TOL] [-r RADIUS] [-m PERMILLE] [-d DIFF.png] REF.png NEW.png
 *   pngdiff -g IN.png OUT.png
 *
 * A pixel differs when it is more than TOL (0..255, default 40) away, in
 * some channel, from each pixel within RADIUS (default 1) of the same
 * place in the other image, either way round: anti-aliasing that moves by
 * a pixel between runs, fonts or renderers is no difference; a mark moved
 * by more than RADIUS pixels is.  The images are the same when they have
 * the same size and at most PERMILLE (default 0.25) of a thousand pixels
 * differ.  One line says so: "same" or "DIFFERENT", the differing pixels,
 * their share, the largest difference and the bounding box of the
 * differing pixels; on a difference, DIFF.png (when given) is the
 * reference in pale grey with each differing pixel in red.
 * -g writes IN as an 8-bit grey image (luminance, BT.601), for pictures
 * that no renderer gives in grey (SVG, a browser's screenshot).
 * Exit status: 0 same, 1 different, 2 an image unreadable or a bad usage.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

struct img {
	int w, h, stride;
	const unsigned char *px;
	cairo_surface_t *s;
};

static void
usage(void)
{
	fputs("usage: pngdiff [-t tol] [-r radius] [-m permille] "
	    "[-d diff.png] ref.png new.png\n"
	    "       pngdiff -g in.png out.png\n", stderr);
	exit(2);
}

static int
load(struct img *m, const char *path)
{
	cairo_format_t f;

	m->s = cairo_image_surface_create_from_png(path);
	if (cairo_surface_status(m->s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngdiff: %s: %s\n", path,
		    cairo_status_to_string(cairo_surface_status(m->s)));
		cairo_surface_destroy(m->s);
		return -1;
	}
	f = cairo_image_surface_get_format(m->s);
	if (f != CAIRO_FORMAT_ARGB32 && f != CAIRO_FORMAT_RGB24) {
		/* cairo reads every PNG (grey, palette) into one of these */
		fprintf(stderr, "pngdiff: %s: an image format cairo does not "
		    "give as RGB\n", path);
		cairo_surface_destroy(m->s);
		return -1;
	}
	cairo_surface_flush(m->s);
	m->w = cairo_image_surface_get_width(m->s);
	m->h = cairo_image_surface_get_height(m->s);
	m->stride = cairo_image_surface_get_stride(m->s);
	m->px = cairo_image_surface_get_data(m->s);
	return 0;
}

/* The pixel at x, y as r, g, b over white (a transparent background is
 * white, as on paper). */
static void
rgb(const struct img *m, int x, int y, int c[3])
{
	uint32_t v;
	int a, k;

	memcpy(&v, m->px + (size_t)y * (size_t)m->stride + (size_t)x * 4, 4);
	a = cairo_image_surface_get_format(m->s) == CAIRO_FORMAT_ARGB32 ?
	    (int)(v >> 24) : 255;
	c[0] = (int)(v >> 16 & 255);
	c[1] = (int)(v >> 8 & 255);
	c[2] = (int)(v & 255);
	/* premultiplied: add the white the alpha leaves */
	for (k = 0; k < 3; k++)
		c[k] += 255 - a;
}

static int
chdiff(const int a[3], const int b[3])
{
	int d = 0, k, e;

	for (k = 0; k < 3; k++) {
		e = abs(a[k] - b[k]);
		if (e > d)
			d = e;
	}
	return d;
}

/* The least difference between the pixel of a at x, y and the pixels of
 * b within r of that place. */
static int
near(const struct img *a, const struct img *b, int x, int y, int r)
{
	int c[3], o[3], best = 256, d, i, j;

	rgb(a, x, y, c);
	for (j = y - r; j <= y + r; j++)
		for (i = x - r; i <= x + r; i++) {
			if (i < 0 || j < 0 || i >= b->w || j >= b->h)
				continue;
			rgb(b, i, j, o);
			d = chdiff(c, o);
			if (d < best)
				best = d;
			if (best == 0)
				return 0;
		}
	return best;
}

static int
grey(const char *in, const char *out)
{
	struct img m;
	cairo_surface_t *g;
	unsigned char *d;
	int x, y, c[3], st;
	cairo_status_t rc;

	if (load(&m, in) < 0)
		return 2;
	/* cairo writes an A8 surface as an 8-bit grey PNG */
	g = cairo_image_surface_create(CAIRO_FORMAT_A8, m.w, m.h);
	cairo_surface_flush(g);
	d = cairo_image_surface_get_data(g);
	st = cairo_image_surface_get_stride(g);
	for (y = 0; y < m.h; y++)
		for (x = 0; x < m.w; x++) {
			rgb(&m, x, y, c);
			d[(size_t)y * (size_t)st + (size_t)x] = (unsigned char)
			    ((299 * c[0] + 587 * c[1] + 114 * c[2] + 500) /
			    1000);
		}
	cairo_surface_mark_dirty(g);
	rc = cairo_surface_write_to_png(g, out);
	cairo_surface_destroy(g);
	cairo_surface_destroy(m.s);
	if (rc != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "pngdiff: %s: %s\n", out,
		    cairo_status_to_string(rc));
		return 2;
	}
	return 0;
}

/* The reference washed out, the differing pixels red. */
static void
write_diff(const struct img *a, const unsigned char *bad, const char *path)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24,
	    a->w, a->h);
	unsigned char *d;
	uint32_t v;
	int x, y, c[3], l, st;

	cairo_surface_flush(s);
	d = cairo_image_surface_get_data(s);
	st = cairo_image_surface_get_stride(s);
	for (y = 0; y < a->h; y++)
		for (x = 0; x < a->w; x++) {
			rgb(a, x, y, c);
			l = 180 + (299 * c[0] + 587 * c[1] + 114 * c[2]) /
			    3400;
			v = bad[(size_t)y * (size_t)a->w + (size_t)x] ?
			    0xe00000u : (uint32_t)l << 16 | (uint32_t)l << 8 |
			    (uint32_t)l;
			memcpy(d + (size_t)y * (size_t)st + (size_t)x * 4, &v,
			    4);
		}
	cairo_surface_mark_dirty(s);
	if (cairo_surface_write_to_png(s, path) != CAIRO_STATUS_SUCCESS)
		fprintf(stderr, "pngdiff: %s: cannot write the diff image\n",
		    path);
	cairo_surface_destroy(s);
}

int
main(int argc, char **argv)
{
	struct img a, b;
	const char *diff = NULL;
	double permille = 0.25;
	long tol = 40, r = 1, n = 0, worst = 0, x0, y0, x1, y1;
	unsigned char *bad;
	int ch, gmode = 0, x, y, d, e, same;
	char *end;

	while ((ch = getopt(argc, argv, "d:gm:r:t:")) != -1)
		switch (ch) {
		case 'd':
			diff = optarg;
			break;
		case 'g':
			gmode = 1;
			break;
		case 'm':
			permille = strtod(optarg, &end);
			if (*end != '\0' || permille < 0 || permille > 1000)
				usage();
			break;
		case 'r':
			r = strtol(optarg, &end, 10);
			if (*end != '\0' || r < 0 || r > 8)
				usage();
			break;
		case 't':
			tol = strtol(optarg, &end, 10);
			if (*end != '\0' || tol < 0 || tol > 255)
				usage();
			break;
		default:
			usage();
		}
	argc -= optind;
	argv += optind;
	if (argc != 2)
		usage();
	if (gmode)
		return grey(argv[0], argv[1]);
	if (load(&a, argv[0]) < 0)
		return 2;
	if (load(&b, argv[1]) < 0) {
		cairo_surface_destroy(a.s);
		return 2;
	}
	if (a.w != b.w || a.h != b.h) {
		printf("pngdiff: DIFFERENT: %s is %dx%d, %s %dx%d\n", argv[0],
		    a.w, a.h, argv[1], b.w, b.h);
		cairo_surface_destroy(a.s);
		cairo_surface_destroy(b.s);
		return 1;
	}
	bad = calloc((size_t)a.w * (size_t)a.h, 1);
	if (bad == NULL) {
		fputs("pngdiff: out of memory\n", stderr);
		cairo_surface_destroy(a.s);
		cairo_surface_destroy(b.s);
		return 2;
	}
	x0 = a.w, y0 = a.h, x1 = y1 = -1;
	for (y = 0; y < a.h; y++)
		for (x = 0; x < a.w; x++) {
			d = near(&b, &a, x, y, (int)r);
			e = near(&a, &b, x, y, (int)r);
			if (e > d)
				d = e;
			if (d <= tol)
				continue;
			bad[(size_t)y * (size_t)a.w + (size_t)x] = 1;
			n++;
			if (d > worst)
				worst = d;
			if (x < x0)
				x0 = x;
			if (x > x1)
				x1 = x;
			if (y < y0)
				y0 = y;
			if (y > y1)
				y1 = y;
		}
	same = (double)n * 1000 <= permille * (double)a.w * (double)a.h;
	printf("pngdiff: %s: %ld of %d pixels differ (%.3f per mille, at most "
	    "%.3f) by more than %ld", same ? "same" : "DIFFERENT", n,
	    a.w * a.h, (double)n * 1000 / ((double)a.w * (double)a.h),
	    permille, tol);
	if (n > 0)
		printf(", by up to %ld, in x %ld..%ld y %ld..%ld", worst, x0,
		    x1, y0, y1);
	putchar('\n');
	if (!same && diff != NULL)
		write_diff(&a, bad, diff);
	free(bad);
	cairo_surface_destroy(a.s);
	cairo_surface_destroy(b.s);
	return same ? 0 : 1;
}
