/* SPDX-License-Identifier: MIT */
/*
 * fxt/validate.h - the validator (fxt/fxt.h) with the wire format: the
 * record model a visitor reads (fxt/record.h), field positions
 * (fxt/format.h), the layout table (fxt/layout.h) and each rule's help
 * (fxt/rule_help.h). A user who only validates needs fxt/fxt.h alone.
 */
#ifndef FXT_VALIDATE_H
#define FXT_VALIDATE_H

#include "fxt/format.h"
#include "fxt/fxt.h"
#include "fxt/layout.h"
#include "fxt/record.h"
#include "fxt/rule_help.h"

#endif /* FXT_VALIDATE_H */
