// SPDX-License-Identifier: MIT
// TypeScript declarations of the fxtkit npm package's JavaScript API.

/** Options: those of `fxt-validate` (see `fxt-validate --help`). */
export interface ValidateOptions {
  /** The spec revision to check against (default "current"); "auto" picks the newest the trace conforms to. */
  revision?: 'r1' | 'r2' | 'r3' | 'current' | 'auto';
  /** Rules not to report: ids (E0010) or names (string-ref-unregistered). */
  ignore?: string | string[];
  /** At most this many issues per rule (default 20; 0 = no limit); the rest are counted. */
  maxIssues?: number;
  /** Undefined type values are warnings instead of errors. */
  allowUnknown?: boolean;
  /** exitCode 1 on warnings too. */
  werror?: boolean;
  /** Capacity limits (see --max-providers etc.); a trace needing more is not fully checked (exitCode 3). */
  maxProviders?: number;
  maxThreads?: number;
  maxAsync?: number;
  maxFlows?: number;
  /** The input's name in the result (default: the path, or "<stdin>"). */
  name?: string;
  /** Called with the count of bytes read so far. */
  onProgress?: (bytesRead: number) => void;
}

/** One issue: the fields of an issue in `fxt-validate --format json`. */
export interface Issue {
  rule: string;
  name: string;
  severity: 'error' | 'warning';
  record_offset: number | null;
  record_index: number | null;
  field_offset: number;
  field_length: number;
  /** The field's bits in its word, e.g. [16, 31], or null. */
  bits: [number, number] | null;
  record_type: string | null;
  message: string;
  /** The spec section (heading of docs/trace-format.md). */
  spec: string;
  revisions: string[];
}

/** One revision's verdict (what --revision auto prints). */
export interface RevisionVerdict {
  verdict: 'conforms' | 'fails' | 'unchecked' | string;
  errors: number;
  warnings: number;
  first_error: { rule: string; name: string; field_offset: number } | null;
  complete: boolean;
  stop_offset: number | null;
}

export interface Stats {
  records: number;
  bytes: number;
  bigEndian: boolean;
  /** Checking stopped early (after a size-0 record). */
  stopped: boolean;
  recordTypes: Record<string, number>;
  eventTypes: Record<string, number>;
  issuesByRule: Record<string, number>;
  providers: Array<{ id: number; implicit: boolean; name: string; records: number; record_types: Record<string, number> }>;
}

export interface ValidateResult {
  /** fxt-validate's exit status: 0 clean, 1 errors (or warnings with werror), 3 not fully checked. */
  exitCode: 0 | 1 | 3;
  /** The reported revision's verdict. */
  verdict: string;
  /** The revision reported (with "auto": the newest the trace conforms to). */
  revision: string;
  revisions: Record<string, RevisionVerdict>;
  issues: Issue[];
  /** Issues counted but not listed (maxIssues). */
  truncatedIssues: number;
  errors: number;
  warnings: number;
  unchecked: string[];
  notes: string[];
  stats: Stats;
  /** The file's entry of the JSON output, as is (docs/fxt-validate.schema.json). */
  json: Record<string, unknown>;
}

/** Something that holds a trace. A string is a file's path (Node). */
export type TraceInput =
  | Uint8Array
  | ArrayBuffer
  | string
  | NodeJS.ReadableStream
  | ReadableStream<Uint8Array>
  | Blob;

/**
 * Validate a trace with fxt-validate (WebAssembly), reading it in parts:
 * memory stays bounded however large it is. Rejects on an I/O error or bad
 * options (what makes fxt-validate exit with status 2).
 */
export function validate(input: TraceInput, options?: ValidateOptions): Promise<ValidateResult>;

/** Options of `fxt-gen` common to generate() and violate() (see `fxt-gen --help`). */
export interface GenerateCommonOptions {
  /** The seed (decimal; default 0 for generate, 1 for violate): the same options give the same bytes. */
  seed?: number | bigint | string;
  /** A big-endian trace (r3 and current only). */
  bigEndian?: boolean;
  /** The revision of the format to write (default "current"). */
  revision?: 'r1' | 'r2' | 'r3' | 'current';
  /** No records of these types: blob, userspace, kernel-object, scheduling, log (the realistic profile only). */
  without?: string | string[];
}

/** Options of `fxt-gen random`. */
export interface GenerateOptions extends GenerateCommonOptions {
  /** The count of records (at least the setup records are written). */
  records: number | bigint | string;
  /** "realistic" (the default) or "coverage". */
  profile?: 'realistic' | 'coverage';
  /** The order of the leading records, e.g. "magic,provider,init" or ["provider", "section", "init"]. */
  order?: string | string[];
}

/** A trace with exactly one violation. */
export interface Violation {
  bytes: Uint8Array;
  /** The rule's id (E0004...). */
  rule: string;
  /** The byte offset of the offending record. */
  recordOffset: number;
  /** The byte offset of the offending field. */
  fieldOffset: number;
}

/**
 * A random conforming, warning-free trace (`fxt-gen random`, WebAssembly):
 * the bytes the native tool writes for the same options. Rejects on bad
 * options (what makes fxt-gen exit with status 2).
 */
export function generate(options: GenerateOptions): Promise<Uint8Array>;

/**
 * A valid trace plus exactly one violation of RULE, an id (E0004) or name
 * (record-too-small) (`fxt-gen violate`, WebAssembly).
 */
export function violate(rule: string, options?: GenerateCommonOptions): Promise<Violation>;
