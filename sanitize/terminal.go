package sanitize

import (
	"strconv"
	"strings"
	"unicode"
)

// Terminal returns s ready to be printed on a terminal: every ESC and other
// C0 control except '\t' and '\n', DEL, every C1 control (0x80–0x9F), the
// bidi controls, U+FEFF and any invalid UTF-8 byte (which a terminal might
// read as an 8-bit C1 control) are removed. Stored values were sanitized
// already; this is the UI's defence in depth. Strings with nothing to remove
// are returned without allocating.
func Terminal(s string) string {
	return stripControls(s, keepTab|keepLF)
}

// Shown returns s as an error or notice may quote it on one line: s itself
// when it is valid UTF-8 without any character Terminal would drop and
// without a line break or tab, else s in Go's quoted form with those
// characters escaped ("exec:\x1b[2J"), so a hostile value can neither act
// on the terminal nor forge a line of its own.
func Shown(s string) string {
	if firstDropped(s, 0) < 0 {
		return s
	}
	return strconv.QuoteToASCII(s)
}

// Named returns a name or a typed value (a folder, a saved search, an
// argument) as a message shows it in a sentence, as a person reads it: s
// itself when it is one word; in plain double quotes, nothing inside
// escaped, when it is empty or holds white space or a quote, so that the
// sentence still tells where it ends; and as Shown quotes it, escapes
// and all, when it holds what Shown would not show as it is.
func Named(s string) string {
	if q := Shown(s); q != s {
		return q
	}
	if s == "" || strings.ContainsAny(s, `"'`) || strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return `"` + s + `"`
	}
	return s
}
