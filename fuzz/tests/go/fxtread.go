// SPDX-License-Identifier: MIT

// Package fxtread is a tiny little-endian FXT reader: a test fixture for the
// Go recipe of fuzz/README.md (fxt-mutate's seeds and mutations feeding
// `go test -fuzz`), not a tool. Read walks the records, keeps the
// initialization record's ticks per second and sums the event timestamps in
// seconds. With Buggy set it skips one check, the way a Go reader once did:
// an initialization record of 0 ticks per second divides by zero (a panic).
package fxtread

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// ErrTrace is wrapped by every error about a malformed trace.
var ErrTrace = errors.New("malformed FXT trace")

// Summary is what Read found.
type Summary struct {
	Records, Events int
	Seconds         float64
}

const magic = 0x0016547846040010

// Read reads a little-endian trace. Buggy leaves out the ticks check.
func Read(data []byte, buggy bool) (Summary, error) {
	var s Summary
	if len(data) >= 8 && binary.BigEndian.Uint64(data) == magic {
		return s, fmt.Errorf("%w: big-endian traces are not supported", ErrTrace)
	}
	tps := uint64(1000000000) // 1 tick = 1 ns until an initialization record
	for off := 0; off < len(data); {
		if len(data)-off < 8 {
			return s, fmt.Errorf("%w: %d trailing bytes", ErrTrace, len(data)-off)
		}
		h := binary.LittleEndian.Uint64(data[off:])
		rt := h & 0xf
		words := (h >> 4) & 0xfff
		if rt == 15 {
			words = (h >> 4) & 0xffffffff
		}
		if words == 0 || words > uint64(len(data)-off)/8 {
			return s, fmt.Errorf("%w: record at %d: bad size %d", ErrTrace, off, words)
		}
		rec := data[off : off+int(words)*8]
		switch rt {
		case 1: // initialization
			if len(rec) < 16 {
				return s, fmt.Errorf("%w: short initialization record", ErrTrace)
			}
			tps = binary.LittleEndian.Uint64(rec[8:])
			if tps == 0 && !buggy {
				return s, fmt.Errorf("%w: 0 ticks per second", ErrTrace)
			}
		case 4: // event: the timestamp is the second word
			if len(rec) < 16 {
				return s, fmt.Errorf("%w: short event record", ErrTrace)
			}
			ts := binary.LittleEndian.Uint64(rec[8:])
			s.Seconds += float64(ts/tps) + float64(ts%tps)/float64(tps)
			s.Events++
		}
		s.Records++
		off += len(rec)
	}
	return s, nil
}
