package opml

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// charsetReader converts the single-byte encodings OPML files are still
// found in to UTF-8. encoding/xml handles UTF-8 itself.
func charsetReader(label string, r io.Reader) (io.Reader, error) {
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf8":
		return r, nil
	case "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
		return &singleByteReader{r: bufio.NewReader(r)}, nil
	case "windows-1252", "cp1252":
		return &singleByteReader{r: bufio.NewReader(r), high: &cp1252}, nil
	}
	return nil, fmt.Errorf("unsupported character encoding %q", label)
}

// singleByteReader decodes a single-byte encoding that agrees with
// ISO-8859-1 except, if high is set, for bytes 0x80 to 0x9F.
type singleByteReader struct {
	r    *bufio.Reader
	high *[32]rune
	buf  []byte // encoded output not yet returned
	err  error  // error of r, returned once buf is drained
}

func (s *singleByteReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(s.buf) > 0 {
			k := copy(p[n:], s.buf)
			s.buf = s.buf[k:]
			n += k
			continue
		}
		if s.err != nil {
			break
		}
		c, err := s.r.ReadByte()
		if err != nil {
			s.err = err
			break
		}
		r := rune(c)
		if s.high != nil && c >= 0x80 && c <= 0x9F {
			r = s.high[c-0x80]
		}
		s.buf = utf8.AppendRune(s.buf[:0], r)
	}
	if n > 0 {
		return n, nil
	}
	return 0, s.err
}

// cp1252 maps Windows-1252 bytes 0x80 to 0x9F; the five undefined ones map
// to the C1 control of the same value, as browsers do.
var cp1252 = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}
