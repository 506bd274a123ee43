package config

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"

	"github.com/tidings-rss/tidings/engine/query"
)

// Highlight is a [[highlight]] rule: list rows its expression matches are
// drawn in its style (the first matching rule wins).
type Highlight struct {
	// Query is the expression as written (expr).
	Query string
	// Expr is Query parsed; it has no text: test (the full-text index is
	// not at hand where rows are drawn).
	Expr query.Expr
	// Style is the rows' colours (color).
	Style Style
}

// ArticleHighlight is a [[highlight-article]] rule: words of the reader's
// text its regular expression matches are drawn in its style.
type ArticleHighlight struct {
	// Pattern is the regular expression as written (regex), RE2 syntax.
	Pattern string
	// Regexp is Pattern compiled.
	Regexp *regexp.Regexp
	// Style is the matches' colours (color).
	Style Style
}

// Highlight tables' keys, as named in error messages.
const (
	keyHighlight        = "highlight"
	keyArticleHighlight = "highlight-article"
)

// MaxHighlights bounds each array of highlight tables, so the work of
// drawing a row or an article is bounded too.
const MaxHighlights = 64

// tooMany is the error of the first table past MaxHighlights, or nil.
func tooMany(key string, n int) *Error {
	if n <= MaxHighlights {
		return nil
	}
	return &Error{Key: key, at: fmt.Sprintf("%s[%d]", key, MaxHighlights), Msg: fmt.Sprintf("at most %d tables", MaxHighlights)}
}

type fileHighlight struct {
	Expr  string `toml:"expr"`
	Color string `toml:"color"`
}

type fileArticleHighlight struct {
	Regex string `toml:"regex"`
	Color string `toml:"color"`
}

// errNoFullText refuses text: in a highlight.
var errNoFullText = errors.New("text: needs the full-text index, which list rows are not drawn from: use title ~ or content ~")

// toHighlights parses the [[highlight]] tables.
func toHighlights(fs []fileHighlight) ([]Highlight, []*Error) {
	var out []Highlight
	var errs []*Error
	if e := tooMany(keyHighlight, len(fs)); e != nil {
		errs = append(errs, e)
	}
	for i, f := range fs {
		at := func(leaf string) string { return fmt.Sprintf("%s[%d].%s", keyHighlight, i, leaf) }
		e, err := parseHighlightExpr(f.Expr)
		if err != nil {
			errs = append(errs, &Error{Key: keyHighlight + ".expr", at: at("expr"), Value: strconv.Quote(f.Expr), Msg: err.Error()})
		}
		st, serr := parseRuleColor(f.Color)
		if serr != nil {
			errs = append(errs, &Error{Key: keyHighlight + ".color", at: at("color"), Value: strconv.Quote(f.Color), Msg: serr.Error()})
		}
		if err == nil && serr == nil {
			out = append(out, Highlight{Query: f.Expr, Expr: e, Style: st})
		}
	}
	return out, errs
}

// NewHighlight makes a [[highlight]] rule from its expression and colour
// as the file writes them; the error says which is wrong and why.
func NewHighlight(expr, color string) (Highlight, error) {
	e, err := parseHighlightExpr(expr)
	if err != nil {
		return Highlight{}, fmt.Errorf("expr: %w", err)
	}
	st, err := parseRuleColor(color)
	if err != nil {
		return Highlight{}, fmt.Errorf("color: %w", err)
	}
	return Highlight{Query: expr, Expr: e, Style: st}, nil
}

// NewArticleHighlight makes a [[highlight-article]] rule from its
// pattern and colour as the file writes them.
func NewArticleHighlight(regex, color string) (ArticleHighlight, error) {
	re, err := compileArticleRegex(regex)
	if err != nil {
		return ArticleHighlight{}, fmt.Errorf("regex: %w", err)
	}
	st, err := parseRuleColor(color)
	if err != nil {
		return ArticleHighlight{}, fmt.Errorf("color: %w", err)
	}
	return ArticleHighlight{Pattern: regex, Regexp: re, Style: st}, nil
}

// parseHighlightExpr parses a highlight's expression.
func parseHighlightExpr(s string) (query.Expr, error) {
	if s == "" {
		return nil, errors.New("must be set: an expression of the query language, such as flagged or title ~ \"go\"")
	}
	e, err := query.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("not an expression of the query language: %w", err)
	}
	if hasFullText(e) {
		return nil, errNoFullText
	}
	return e, nil
}

// hasFullText reports whether e has a text: test.
func hasFullText(e query.Expr) bool {
	switch e := e.(type) {
	case *query.And:
		return hasFullText(e.Left) || hasFullText(e.Right)
	case *query.Or:
		return hasFullText(e.Left) || hasFullText(e.Right)
	case *query.Not:
		return hasFullText(e.X)
	case *query.FullText:
		return true
	}
	return false
}

// parseRuleColor parses a highlight's color, which must be set.
func parseRuleColor(s string) (Style, error) {
	if s == "" {
		return Style{}, errors.New("must be set: " + ColorSyntax)
	}
	return ParseStyle(s)
}

// toArticleHighlights parses the [[highlight-article]] tables; each
// regular expression is compiled once, here.
func toArticleHighlights(fs []fileArticleHighlight) ([]ArticleHighlight, []*Error) {
	var out []ArticleHighlight
	var errs []*Error
	if e := tooMany(keyArticleHighlight, len(fs)); e != nil {
		errs = append(errs, e)
	}
	for i, f := range fs {
		at := func(leaf string) string { return fmt.Sprintf("%s[%d].%s", keyArticleHighlight, i, leaf) }
		re, err := compileArticleRegex(f.Regex)
		if err != nil {
			errs = append(errs, &Error{Key: keyArticleHighlight + ".regex", at: at("regex"), Value: strconv.Quote(f.Regex), Msg: err.Error()})
		}
		st, serr := parseRuleColor(f.Color)
		if serr != nil {
			errs = append(errs, &Error{Key: keyArticleHighlight + ".color", at: at("color"), Value: strconv.Quote(f.Color), Msg: serr.Error()})
		}
		if err == nil && serr == nil {
			out = append(out, ArticleHighlight{Pattern: f.Regex, Regexp: re, Style: st})
		}
	}
	return out, errs
}

// compileArticleRegex compiles a highlight-article pattern (RE2).
func compileArticleRegex(s string) (*regexp.Regexp, error) {
	if s == "" {
		return nil, errors.New(`must be set: a regular expression (RE2), such as "(?i)\\bgo\\b"`)
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("not a regular expression (RE2 syntax): %w", err)
	}
	if re.MatchString("") {
		return nil, errors.New("can match empty text: write a pattern that matches at least one character")
	}
	return re, nil
}

// fileHighlights and fileArticleHighlights write the rules as the file's
// tables.
func fileHighlights(hs []Highlight) []fileHighlight {
	out := []fileHighlight{}
	for _, h := range hs {
		out = append(out, fileHighlight{Expr: h.Query, Color: h.Style.String()})
	}
	return out
}

func fileArticleHighlights(hs []ArticleHighlight) []fileArticleHighlight {
	out := []fileArticleHighlight{}
	for _, h := range hs {
		out = append(out, fileArticleHighlight{Regex: h.Pattern, Color: h.Style.String()})
	}
	return out
}
