/* SPDX-License-Identifier: MIT */
/*
 * settings.c - what fxt-validate sets up around the files it checks: the
 * settings of each file (the command line over its .fxtkitrc, rcfile.h),
 * --print-config, --srcroot, and the baselines (--baseline,
 * --write-baseline: baseline.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "baseline.h"
#include "cli.h"
#include "fingerprint.h"
#include "outfile.h"
#include "rcfile.h"

enum { EXIT_CLEAN = 0, EXIT_TROUBLE = 2 };

/* ---- the configuration file ----------------------------------------------------- */

/** Where the configuration of PATH is searched from: standard input's
 *  --stdin-filename, or the current directory. */
static const char *config_anchor(const config *cli, const char *path)
{
    if (strcmp(path, "-") != 0)
        return path;
    return cli->stdin_name ? cli->stdin_name : "-";
}

/** Load (or reuse) the configuration file for PATH into S->rc; 0 with
 *  S->rc NULL when there is none, -1 with the reason in ERR (-2: out of
 *  memory). */
static int config_file_for(session *s, const char *path, char *err, size_t errlen)
{
    const config *cli = s->cfg;
    char *found = NULL;
    if (cli->no_config)
        return 0;
    if (cli->rcpath) {
        found = strdup(cli->rcpath);
    } else {
        int k = rc_find(config_anchor(cli, path), &found);
        if (k == 0) {
            return 0;
        }
    }
    if (!found) {
        snprintf(err, errlen, "%s", strerror(ENOMEM));
        return -2;
    }
    if (!s->rc || strcmp(s->rc->path, found) != 0) {
        if (s->rc) {
            rc_free(s->rc);
            free(s->rc);
        }
        s->rc = calloc(1, sizeof *s->rc);
        int bad = !s->rc ? -2 : rc_load(s->rc, found, err, errlen);
        if (bad) {
            if (!s->rc)
                snprintf(err, errlen, "%s", strerror(ENOMEM));
            free(s->rc);
            s->rc = NULL;
            free(found);
            return bad;
        }
    }
    free(found);
    return 0;
}

/** The settings of file PATH into *FC: the command line's over those of
 *  its configuration file (S->rc after the call); *SET gets what the file
 *  set (cleared when there is none). 0, or -1 with the reason in ERR (-2:
 *  out of memory). */
int file_config(session *s, const char *path, config *fc, rc_settings *set, char *err,
                       size_t errlen)
{
    const config *cli = s->cfg;
    *fc = *cli;
    memset(set, 0, sizeof *set);
    int bad = config_file_for(s, path, err, errlen);
    if (bad)
        return bad;
    if (!s->rc)
        return 0;
    if (rc_settings_for(s->rc, config_anchor(cli, path), set) != 0) {
        snprintf(err, errlen, "%s", strerror(ENOMEM));
        return -2;
    }
    rc_apply_options(set, cli->cli_set, &fc->base);
    if ((set->set & RC_MAX_ISSUES) && !(cli->cli_set & RC_MAX_ISSUES))
        fc->max_issues = set->max_issues;
    if ((set->set & RC_WERROR) && !(cli->cli_set & RC_WERROR))
        fc->werror = set->werror;
    return 0;
}

/** --print-config PATH: what applies to PATH and where each value comes from. */
int print_config(session *s, const char *path)
{
    const config *cli = s->cfg;
    config fc;
    rc_settings set;
    char err[512];
    if (file_config(s, path, &fc, &set, err, sizeof err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return EXIT_TROUBLE;
    }
    if (s->rc)
        printf("# %s: configuration file %s\n", path, s->rc->path);
    else if (cli->no_config)
        printf("# %s: no configuration file (--no-config)\n", path);
    else
        printf("# %s: no configuration file (" RC_NAME ") in its directory or above\n", path);
    char src[RC_KEYS][300];
    for (unsigned i = 0; i < RC_KEYS; i++) {
        unsigned bit = 1u << i;
        if (cli->cli_set & bit)
            snprintf(src[i], sizeof src[i], "command line");
        else if (set.set & bit)
            snprintf(src[i], sizeof src[i], "%s:%u", s->rc->path, set.line[i]);
        else
            snprintf(src[i], sizeof src[i], "default");
    }
    const fxt_options *o = &fc.base;
    printf("revision = %-14s # %s\n", fxt_revision_name(o->revision), src[0]);
    fputs("ignore =", stdout);
    int any = 0;
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        unsigned rn = (unsigned)ri->rule;
        if (rn < 64 * FXT_IGNORE_WORDS && (o->ignore[rn >> 6] >> (rn & 63) & 1)) {
            printf("%s %s", any ? "," : "", ri->id);
            any = 1;
        }
    }
    printf("%s # %s\n", any ? "" : " (none)",
           (cli->cli_set & RC_IGNORE) && (set.set & RC_IGNORE) ? "command line and file"
           : (cli->cli_set & RC_IGNORE)                         ? "command line"
           : (set.set & RC_IGNORE)                              ? "file"
                                                                : "default");
    printf("allow-unknown = %-9s # %s\n", o->flags & FXT_OPT_ALLOW_UNKNOWN ? "true" : "false",
           src[1]);
    printf("max-issues = %-12" PRIu64 " # %s\n", fc.max_issues, src[2]);
    printf("max-providers = %-9zu # %s\n", o->max_providers, src[3]);
    printf("max-threads = %-11zu # %s\n", o->max_threads, src[4]);
    printf("max-async = %-13zu # %s\n", o->max_async, src[5]);
    printf("max-flows = %-13zu # %s\n", o->max_flows, src[6]);
    printf("Werror = %-16s # %s\n", fc.werror ? "true" : "false", src[7]);
    printf("srcroot = %-15s # %s\n", s->srcroot ? s->srcroot : "(the current directory)",
           cli->cli_set & RC_SRCROOT ? "command line" : set.set & RC_SRCROOT ? src[8] : "default");
    rc_settings_free(&set);
    return EXIT_CLEAN;
}

/* ---- paths and baselines ----------------------------------------------------- */

/** S->srcroot from --srcroot, else from the configuration file found from
 *  the current directory. 0, or -1 (said). */
int setup_paths(session *s)
{
    const config *cfg = s->cfg;
    if (cfg->srcroot) {
        struct stat sb;
        if (stat(cfg->srcroot, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
            fprintf(stderr, PROG ": --srcroot: '%s' is not a directory\n", cfg->srcroot);
            return -1;
        }
        s->srcroot = rc_abs_path(cfg->srcroot);
        return s->srcroot ? 0 : -1;
    }
    char err[600];
    if (config_file_for(s, "-", err, sizeof err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return -1;
    }
    if (s->rc) {
        rc_settings set;
        if (rc_settings_for(s->rc, "-", &set) == 0 && (set.set & RC_SRCROOT)) {
            s->srcroot = set.srcroot;
            set.srcroot = NULL;
        }
        rc_settings_free(&set);
    }
    return 0;
}

static outfile wb_out;

/** Load --baseline, open --write-baseline, set up fingerprints. 0 or -1 (said). */
int setup_baselines(session *s)
{
    const config *cfg = s->cfg;
    char err[600];
    if (cfg->need_fp && !(s->fpc = fp_counter_new())) {
        fprintf(stderr, PROG ": %s\n", strerror(ENOMEM));
        return -1;
    }
    if (cfg->baseline && baseline_load(&s->bl, cfg->baseline, err, sizeof err) != 0) {
        fprintf(stderr, PROG ": --baseline: %s\n", err);
        return -1;
    }
    if (cfg->write_baseline) {
        if (strcmp(cfg->write_baseline, "-") == 0) {
            fprintf(stderr, PROG ": --write-baseline: give a file (standard output is the "
                            "report)\n");
            return -1;
        }
        if (outfile_open(&wb_out, cfg->write_baseline, err, sizeof err) != 0) {
            fprintf(stderr, PROG ": --write-baseline: %s\n", err);
            return -1;
        }
        s->wb = wb_out.f;
        baseline_write_header(s->wb);
    }
    return 0;
}

/** Close --write-baseline (kept only if COMPLETE), and say what --baseline
 *  hid and which of its entries no longer occur (stderr: the report on
 *  stdout stays what its reader expects). 0, or -1 when the baseline could
 *  not be written. */
int finish_baselines(session *s, int complete)
{
    int rc = 0;
    char err[600];
    if (s->wb) {
        s->wb = NULL;
        if (!complete) {
            outfile_discard(&wb_out);
        } else if (outfile_close(&wb_out, err, sizeof err) != 0) {
            fprintf(stderr, PROG ": --write-baseline: %s\n", err);
            rc = -1;
        }
    }
    if (s->bl) {
        size_t gone = baseline_gone(s->bl, NULL);
        fflush(stdout);
        fprintf(stderr,
                PROG ": baseline %s: %" PRIu64 " known %s not reported; %zu %s no longer %s%s\n",
                s->cfg->baseline, s->known, plural(s->known, "issue", "issues"), gone,
                gone == 1 ? "entry" : "entries", gone == 1 ? "occurs" : "occur",
                gone ? " (--write-baseline rewrites it):" : "");
        baseline_gone(s->bl, stderr);
    }
    return rc;
}

/** Free what the session set up. */
void session_free(session *s)
{
    baseline_free(s->bl);
    s->bl = NULL;
    fp_counter_free(s->fpc);
    s->fpc = NULL;
    if (s->rc) {
        rc_free(s->rc);
        free(s->rc);
        s->rc = NULL;
    }
    free(s->srcroot);
    s->srcroot = NULL;
}
