package ui

import (
	"strconv"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// OSC 8 hyperlinks: where the terminal supports them (hyperlinkTerminal)
// and ui.hyperlinks is on, the reader's links (their text and number),
// the item's link and each line of the link list are clickable. The only
// sequences made are "ESC ] 8 ; ; URL ESC \" to open a link and
// "ESC ] 8 ; ; ESC \" to close it, and URL is always a weburl.URL's
// String: printable ASCII, so nothing in it can end the sequence or
// start another. Every link is closed at the end of its line and opened
// again on the next, so that the renderer may redraw any line alone and
// a wrapped link stays clickable on each of its lines.

// osc8Close ends a hyperlink.
const osc8Close = "\x1b]8;;\x1b\\"

// osc8Open starts a hyperlink to u.
func osc8Open(u weburl.URL) string { return "\x1b]8;;" + u.String() + "\x1b\\" }

// linkTarget is the URL a link may point a hyperlink at: an absolute
// http(s) address weburl accepts; the zero URL for anything else (a
// relative or mailto: link stays plain text).
func linkTarget(href string) weburl.URL {
	u, err := weburl.Parse(href)
	if err != nil {
		return weburl.URL{}
	}
	return u
}

// hyperlinked is text (one line) as a hyperlink to u; text itself for
// the zero URL.
func hyperlinked(text string, u weburl.URL) string {
	if u.IsZero() {
		return text
	}
	return osc8Open(u) + text + osc8Close
}

// The renderer marks where a link's text starts and ends with these two
// controls while it lays the text out: sanitize.Terminal removes every
// control from the text as it comes in, so these are the renderer's own;
// ansi.Wrap counts them as no width. spans turns them into OSC 8
// sequences line by line.
const (
	markStart = "\x01"
	markEnd   = "\x02"
	marks     = markStart + markEnd
)

// spans replaces the marks in lines, in order, with the hyperlinks they
// stand for: the n-th start mark is links[n]'s.
type spans struct {
	links []weburl.URL
	next  int
	// open is the link open at the end of the last line (zero: none).
	open weburl.URL
}

// add notes a link whose text starts now, and returns the mark to write.
func (s *spans) add(u weburl.URL) string {
	s.links = append(s.links, u)
	return markStart
}

// line returns l with its marks replaced: a link open at the end of the
// last line opens again at its start, and one open at its end is closed.
func (s *spans) line(l string) string {
	if s.open.IsZero() && !strings.ContainsAny(l, marks) {
		return l
	}
	var b strings.Builder
	if !s.open.IsZero() {
		b.WriteString(osc8Open(s.open))
	}
	for {
		i := strings.IndexAny(l, marks)
		if i < 0 {
			break
		}
		b.WriteString(l[:i])
		if !s.open.IsZero() {
			b.WriteString(osc8Close)
		}
		s.open = weburl.URL{}
		if l[i:i+1] == markStart && s.next < len(s.links) {
			s.open = s.links[s.next]
			s.next++
			if !s.open.IsZero() {
				b.WriteString(osc8Open(s.open))
			}
		}
		l = l[i+1:]
	}
	b.WriteString(l)
	if !s.open.IsZero() {
		b.WriteString(osc8Close)
	}
	return b.String()
}

// cleanKeepingMarks is sanitize.Terminal of s but for the marks, which
// it keeps.
func cleanKeepingMarks(s string) string {
	if !strings.ContainsAny(s, marks) {
		return sanitize.Terminal(s)
	}
	var b strings.Builder
	for {
		i := strings.IndexAny(s, marks)
		if i < 0 {
			b.WriteString(sanitize.Terminal(s))
			return b.String()
		}
		b.WriteString(sanitize.Terminal(s[:i]))
		b.WriteByte(s[i])
		s = s[i+1:]
	}
}

// hyperlinkTerminal reports whether the terminal described by the
// environment (getenv) shows OSC 8 hyperlinks, by the rule of the
// supports-hyperlinks package most command-line tools follow, with tmux
// added: FORCE_HYPERLINK decides when set ("0" off, anything else on);
// else yes in Windows Terminal (WT_SESSION), iTerm2 3.1 and later,
// WezTerm, VS Code 1.72 and later, Ghostty, VTE 0.50.1 and later (GNOME
// Terminal, Tilix…), Alacritty, kitty and foot; and in tmux 3.4 and
// later (TERM_PROGRAM=tmux), which passes them on to a terminal its
// terminal-features say has hyperlinks and drops them for any other.
// Anywhere else, no: some terminals print an OSC they do not know.
func hyperlinkTerminal(getenv func(string) string) bool {
	if f := getenv("FORCE_HYPERLINK"); f != "" {
		n, err := strconv.Atoi(f)
		return err != nil || n != 0
	}
	if getenv("WT_SESSION") != "" {
		return true
	}
	major, minor := version(getenv("TERM_PROGRAM_VERSION"))
	switch getenv("TERM_PROGRAM") {
	case "iTerm.app":
		return major > 3 || major == 3 && minor >= 1
	case "WezTerm", "ghostty":
		return true
	case "vscode":
		return major > 1 || major == 1 && minor >= 72
	case "tmux":
		return major > 3 || major == 3 && minor >= 4
	}
	if v := getenv("VTE_VERSION"); v != "" {
		n, err := strconv.Atoi(v) // 5001 is 0.50.1
		return err == nil && n > 5000
	}
	switch getenv("TERM") {
	case "alacritty", "xterm-kitty", "foot", "foot-extra":
		return true
	}
	return false
}

// version reads "3.4", "3.3a" or "1.72.0" as its major and minor numbers.
func version(s string) (major, minor int) {
	parts := strings.SplitN(s, ".", 3)
	major = leadingInt(parts[0])
	if len(parts) > 1 {
		minor = leadingInt(parts[1])
	}
	return major, minor
}

// leadingInt is the number s starts with, 0 when none.
func leadingInt(s string) int {
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, _ := strconv.Atoi(s[:end])
	return n
}
