package newsboat

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
)

// ErrNotQuery means a urls-file line is not a query feed (it is a feed,
// a comment or blank).
var ErrNotQuery = errors.New("not a query line")

// ErrNotIgnoreArticle means a config line is not an ignore-article line.
var ErrNotIgnoreArticle = errors.New("not an ignore-article line")

// QueryLine is a query feed of a newsboat urls file, translated.
type QueryLine struct {
	Line int // 1-based, 0 when translated from a lone line
	Name string
	Expr query.Expr
}

// Rule is an ignore-article line of a newsboat config, translated:
// the feed's URL (when not "*") joins the expression as feed = "URL".
type Rule struct {
	Line int
	Expr query.Expr
	// Hide is set by ignore-mode "display": newsboat keeps such articles
	// but does not show them (tidings' hide); by default ("download") it
	// drops them (tidings' delete).
	Hide bool
}

// Untranslated is a line that did not translate, and why.
type Untranslated struct {
	Line   int
	Text   string
	Reason string
}

// String reads "line N: TEXT: reason" on one line.
func (u Untranslated) String() string {
	return fmt.Sprintf("line %d: %s: %s", u.Line, strings.Join(strings.Fields(u.Text), " "), u.Reason)
}

// TranslateQueryLine translates one line of a newsboat urls file of
// the form "query:NAME:EXPRESSION" [tags…]. A line that is no query feed
// is ErrNotQuery; a query that does not translate is another error.
func TranslateQueryLine(line string) (QueryLine, error) {
	tokens, err := lineTokens(line)
	if err != nil {
		return QueryLine{}, err
	}
	if len(tokens) == 0 || !strings.HasPrefix(tokens[0], "query:") {
		return QueryLine{}, ErrNotQuery
	}
	name, expr, ok := strings.Cut(strings.TrimPrefix(tokens[0], "query:"), ":")
	name = strings.TrimSpace(name)
	if !ok || name == "" {
		return QueryLine{}, errors.New(`want "query:NAME:EXPRESSION"`)
	}
	e, err := TranslateFilter(expr)
	if err != nil {
		return QueryLine{}, fmt.Errorf("query %s: %w", sanitize.Named(name), err)
	}
	return QueryLine{Name: name, Expr: e}, nil
}

// TranslateIgnoreArticle translates one newsboat config line
// `ignore-article FEED-URL-or-* "EXPRESSION"`. A line of another command
// is ErrNotIgnoreArticle.
func TranslateIgnoreArticle(line string) (Rule, error) {
	tokens, err := lineTokens(line)
	if err != nil {
		return Rule{}, err
	}
	if len(tokens) == 0 || tokens[0] != "ignore-article" {
		return Rule{}, ErrNotIgnoreArticle
	}
	if len(tokens) != 3 {
		return Rule{}, errors.New(`want ignore-article FEED-URL-or-* "EXPRESSION"`)
	}
	e, err := TranslateFilter(tokens[2])
	if err != nil {
		return Rule{}, err
	}
	if feed := tokens[1]; feed != "*" {
		e = &query.And{Left: &query.TextTest{Field: query.FieldFeed, Op: query.OpEq, Value: feed}, Right: e}
	}
	return Rule{Expr: e}, nil
}

// lineTokens splits a line as newsboat does: words separated by
// blanks, "quoted" words with backslash escapes, and a # that starts a
// word begins a comment.
func lineTokens(line string) ([]string, error) {
	var out []string
	rs := []rune(line)
	for i := 0; i < len(rs); {
		switch {
		case rs[i] == ' ' || rs[i] == '\t' || rs[i] == '\r':
			i++
		case rs[i] == '#':
			return out, nil
		case rs[i] == '"':
			tok, next, err := quotedToken(rs, i)
			if err != nil {
				return nil, err
			}
			out, i = append(out, tok), next
		default:
			start := i
			for i < len(rs) && rs[i] != ' ' && rs[i] != '\t' && rs[i] != '\r' {
				i++
			}
			out = append(out, string(rs[start:i]))
		}
	}
	return out, nil
}

// quotedToken reads the quoted word starting at rs[i] and returns it
// unescaped with the index after its closing quote.
func quotedToken(rs []rune, i int) (string, int, error) {
	var b strings.Builder
	for j := i + 1; j < len(rs); j++ {
		switch r := rs[j]; {
		case r == '"':
			return b.String(), j + 1, nil
		case r == '\\' && j+1 < len(rs):
			j++
			switch rs[j] {
			case 'n':
				b.WriteRune('\n')
			case 't':
				b.WriteRune('\t')
			default:
				b.WriteRune(rs[j])
			}
		default:
			b.WriteRune(r)
		}
	}
	return "", 0, fmt.Errorf("quote opened at column %d is not closed", i+1)
}
