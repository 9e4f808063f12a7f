// SPDX-License-Identifier: MIT

// Package fxtread is a tiny little-endian FXT reader: a test fixture for the
// Go recipe of fuzz/README.md (fxt-mutate's seeds and mutations feeding
// `go test -fuzz`, and the supervised loop fuzz/go-fuzz-loop.sh), not a
// tool. ReadFrom reads records from an io.Reader the way readers of files
// do (a header word, then the rest of the record), keeps the
// initialization record's ticks per second and sums the event timestamps in
// seconds. Bugs plants two bugs Go readers have had: an initialization
// record of 0 ticks per second divides by zero (a panic), and a record's
// size is trusted before it is read, so a large record (type 15) claiming
// 2^32 words allocates 32 GiB (Go's fatal out-of-memory error, which no
// recover() catches and which kills a fuzz worker).
package fxtread

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// ErrTrace is wrapped by every error about a malformed trace.
var ErrTrace = errors.New("malformed FXT trace")

// Bugs selects the planted bugs.
type Bugs struct {
	ZeroTicks bool // no check of ticks per second: divides by zero
	TrustSize bool // the record's size allocated before it is checked
}

// Summary is what Read found.
type Summary struct {
	Records, Events int
	Seconds         float64
}

const magic = 0x0016547846040010

// Read reads a little-endian trace held in memory.
func Read(data []byte, bugs Bugs) (Summary, error) {
	return ReadFrom(bytes.NewReader(data), int64(len(data)), bugs)
}

// ReadFrom reads a little-endian trace of SIZE bytes from R.
func ReadFrom(r io.Reader, size int64, bugs Bugs) (Summary, error) {
	var s Summary
	tps := uint64(1000000000) // 1 tick = 1 ns until an initialization record
	var head [8]byte
	for off := int64(0); off < size; {
		if n, err := io.ReadFull(r, head[:]); err != nil {
			return s, fmt.Errorf("%w: %d trailing bytes", ErrTrace, n)
		}
		h := binary.LittleEndian.Uint64(head[:])
		if off == 0 && binary.BigEndian.Uint64(head[:]) == magic {
			return s, fmt.Errorf("%w: big-endian traces are not supported", ErrTrace)
		}
		rt := h & 0xf
		words := (h >> 4) & 0xfff
		if rt == 15 {
			words = (h >> 4) & 0xffffffff
		}
		if words == 0 || (!bugs.TrustSize && words > uint64(size-off)/8) {
			return s, fmt.Errorf("%w: record at %d: bad size %d", ErrTrace, off, words)
		}
		rec := make([]byte, words*8-8) // TrustSize: what the header asks for
		if _, err := io.ReadFull(r, rec); err != nil {
			return s, fmt.Errorf("%w: record at %d: truncated", ErrTrace, off)
		}
		switch rt {
		case 1: // initialization
			if len(rec) < 8 {
				return s, fmt.Errorf("%w: short initialization record", ErrTrace)
			}
			tps = binary.LittleEndian.Uint64(rec)
			if tps == 0 && !bugs.ZeroTicks {
				return s, fmt.Errorf("%w: 0 ticks per second", ErrTrace)
			}
		case 4: // event: the timestamp is the second word
			if len(rec) < 8 {
				return s, fmt.Errorf("%w: short event record", ErrTrace)
			}
			ts := binary.LittleEndian.Uint64(rec)
			s.Seconds += float64(ts/tps) + float64(ts%tps)/float64(tps)
			s.Events++
		}
		s.Records++
		off += int64(words) * 8
	}
	return s, nil
}
