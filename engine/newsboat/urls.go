package newsboat

import (
	"fmt"
	"io"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// URLs is a newsboat urls file: its feeds and its query feeds, in file
// order.
type URLs struct {
	Feeds   []Entry
	Queries []Query
}

// Entry is one feed line: a URL, then tags.
type Entry struct {
	// Line is the entry's line in the file, from 1.
	Line int
	// URL is the feed's address as written; it need not be http(s)
	// (newsboat also reads "exec:" and "filter:" sources).
	URL string
	// Title is the "~Title" tag without its "~", "" when there is none.
	Title string
	// Tags are the ordinary tags in file order: not the title, not the
	// "!"-style tags that hide a feed in newsboat.
	Tags []string
	// Hidden is true when the feed had a "!" tag.
	Hidden bool
}

// Folder is the entry's first ordinary tag, "" when it has none: tidings
// files the feed there.
func (e Entry) Folder() string {
	if len(e.Tags) == 0 {
		return ""
	}
	return e.Tags[0]
}

// Categories are the ordinary tags after the first.
func (e Entry) Categories() []string {
	if len(e.Tags) < 2 {
		return nil
	}
	return e.Tags[1:]
}

// Query is a query feed line ("query:Title:expression" then tags): a view
// of other feeds' articles that matches an expression in newsboat's
// filter language.
type Query struct {
	// Line is the query's line in the file, from 1.
	Line int
	// Title names the query feed.
	Title string
	// Expression is the filter, as written (`unread = "yes"`).
	Expression string
	// Tags are the query's tags.
	Tags []string
}

// queryPrefix starts the first token of a query feed.
const queryPrefix = "query:"

// ParseURLs reads a newsboat urls file; it is also how a file is
// recognised as one (an OPML file, or any other text, fails). Tokens are separated by blanks; a
// double-quoted token may hold blanks and the escapes \" \\ \n \t \r; a #
// at the start of a token comments out the rest of the line. A line whose
// first token is not a source newsboat reads is an error naming the line,
// as is an unterminated quote or a file without a single feed; so is a
// file past MaxFileBytes, a line past MaxLineBytes or holding a NUL byte.
func ParseURLs(r io.Reader) (*URLs, error) {
	ls := newLines(r)
	out := &URLs{}
	for ls.next() {
		text, n := ls.line()
		tokens, err := tokenize(text)
		if err != nil {
			return nil, fmt.Errorf("urls line %d: %w", n, err)
		}
		if len(tokens) == 0 {
			continue
		}
		if err := out.add(n, tokens); err != nil {
			return nil, fmt.Errorf("urls line %d: %w", n, err)
		}
	}
	if err := ls.Err(); err != nil {
		return nil, fmt.Errorf("urls: %w", err)
	}
	if len(out.Feeds)+len(out.Queries) == 0 {
		return nil, fmt.Errorf("urls: no feed in the file")
	}
	return out, nil
}

// add files one tokenized line as a feed or a query.
func (u *URLs) add(line int, tokens []string) error {
	first := tokens[0]
	if !hasSourcePrefix(first) {
		return fmt.Errorf("%s is not a feed URL", sanitize.Named(first))
	}
	if rest, ok := strings.CutPrefix(first, queryPrefix); ok {
		title, expr, found := strings.Cut(rest, ":")
		if !found || strings.TrimSpace(expr) == "" {
			return fmt.Errorf("query %s: want query:Title:expression", sanitize.Named(first))
		}
		u.Queries = append(u.Queries, Query{Line: line, Title: title, Expression: expr, Tags: tokens[1:]})
		return nil
	}
	e := Entry{Line: line, URL: first}
	for _, tag := range tokens[1:] {
		switch {
		case strings.HasPrefix(tag, "~"):
			e.Title = strings.TrimPrefix(tag, "~")
		case strings.HasPrefix(tag, "!"):
			e.Hidden = true
		case tag != "":
			e.Tags = append(e.Tags, tag)
		}
	}
	u.Feeds = append(u.Feeds, e)
	return nil
}

// hasSourcePrefix reports whether a line's first token is a source
// newsboat reads: a URL, a command ("exec:", "filter:") or a query.
func hasSourcePrefix(token string) bool {
	lower := strings.ToLower(token)
	for _, p := range []string{"http://", "https://", "file://", "exec:", "filter:", queryPrefix} {
		if strings.HasPrefix(lower, p) && len(token) > len(p) {
			return true
		}
	}
	return false
}

// tokenize splits one line as newsboat does: blanks separate tokens,
// double quotes group them, # starts a comment where a token would start.
func tokenize(line string) ([]string, error) {
	var tokens []string
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
			i++
		}
		if i == len(line) || line[i] == '#' {
			return tokens, nil
		}
		var tok string
		var err error
		if line[i] == '"' {
			tok, i, err = quoted(line, i+1)
			if err != nil {
				return nil, err
			}
		} else {
			start := i
			for i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' {
				i++
			}
			tok = line[start:i]
		}
		tokens = append(tokens, tok)
	}
}

// quoted reads a quoted token from just after its opening quote and
// returns it with the index after the closing quote.
func quoted(line string, i int) (string, int, error) {
	var b strings.Builder
	for ; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '"':
			return b.String(), i + 1, nil
		case c == '\\' && i+1 < len(line):
			i++
			b.WriteByte(unescape(line[i]))
		default:
			b.WriteByte(c)
		}
	}
	return "", i, fmt.Errorf("a quote is not closed")
}

// unescape maps the character after a backslash to what it stands for.
func unescape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	case 'r':
		return '\r'
	}
	return c
}

// Address is the entry's URL as a checked web address, or the reason it is
// not one ("exec:", "filter:", "file://", controls, spaces …).
func (en Entry) Address() (weburl.URL, error) {
	return weburl.Parse(en.URL)
}
