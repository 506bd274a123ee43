package ui

import (
	"strings"
	"unicode"

	"github.com/tidings-rss/tidings/sanitize"
)

// oneLine is how the reader draws a dynamic string on one line (a title,
// a URL, a message that quotes one, an error): without a control
// (sanitize.Terminal) and with each run of white space, line breaks
// included, one space, so a value can neither drive the terminal nor draw
// a line of its own. The places that draw text call it just before
// styling: the status line for each of its parts, the dialogs for their
// titles, questions, notes and errors, the tree and the item list for
// their rows, the panes for their titles. It returns s itself, without
// allocating, when s is clean and on one line already.
func oneLine(s string) string {
	s = sanitize.Terminal(s)
	if isOneLine(s) {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// isOneLine reports whether s, free of controls, is already what oneLine
// makes of it: no white space but single inner ASCII spaces.
func isOneLine(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i, r := range s {
		switch {
		case r == ' ':
			if s[i+1] == ' ' {
				return false
			}
		case unicode.IsSpace(r):
			return false
		}
	}
	return true
}

// eachLine is oneLine for text of several lines (a dialog's note): each line
// is drawn as oneLine makes it.
func eachLine(s string) string {
	ls := strings.Split(sanitize.Terminal(s), "\n")
	for i, l := range ls {
		ls[i] = oneLine(l)
	}
	return strings.Join(ls, "\n")
}
