package newsboat

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tidings-rss/tidings/engine/query"
)

// Color is an entry of tidings' [colors] table: an element and its value,
// "FG [BG] [attribute…]".
type Color struct {
	Line    int
	Element string
	Value   string
}

// Highlight is a [[highlight]] table: list rows the expression matches
// are drawn in Color.
type Highlight struct {
	Line  int
	Expr  string
	Color string
}

// ArticleHighlight is a [[highlight-article]] table: words of the reader
// the regular expression matches are drawn in Color.
type ArticleHighlight struct {
	Line  int
	Regex string
	Color string
}

// colorElements maps newsboat's color elements to tidings' [colors]
// elements: newsboat draws the feed list and the article list alike.
var colorElements = map[string][]string{
	"listnormal":        {"tree", "list"},
	"listnormal_unread": {"tree-unread", "list-unread"},
	"listfocus":         {"tree-selected", "list-selected"},
	"info":              {"status"},
	"article":           {"reader-text"},
}

// untranslatedElements say why a newsboat element has no tidings one.
var untranslatedElements = map[string]string{
	"listfocus_unread":   "tidings draws the selected row alike, read or not (listfocus sets it)",
	"background":         "tidings draws on the terminal's own background",
	"end-of-text-marker": "tidings draws no end-of-text marker",
}

// droppedAttributes are newsboat's attributes tidings has no equivalent of.
var droppedAttributes = map[string]bool{"blink": true, "protect": true, "invis": true}

// translateStyle turns newsboat's FG BG [ATTR…] into tidings' colour
// value; the attributes it drops (blink, protect, invis) are named in
// note.
func translateStyle(args []string) (value, note string, err error) {
	if len(args) == 0 {
		return "", "", fmt.Errorf("no colour")
	}
	words := make([]string, 0, len(args))
	for i, a := range args {
		if i < 2 {
			c, err := translateColor(a)
			if err != nil {
				return "", "", err
			}
			words = append(words, c)
			continue
		}
		switch a {
		case "bold", "underline", "reverse", "dim", "italic":
			words = append(words, a)
		case "standout":
			words = append(words, "reverse")
		default:
			if !droppedAttributes[a] {
				return "", "", fmt.Errorf("%q is not an attribute newsboat knows", a)
			}
			note += fmt.Sprintf("; %s dropped (tidings has no %s)", a, a)
		}
	}
	if len(words) > 1 && words[1] == "default" {
		words = append(words[:1], words[2:]...) // the terminal's background
	}
	return strings.Join(words, " "), strings.TrimPrefix(note, "; "), nil
}

// translateColor checks one of newsboat's colours: default, the eight
// names, or color0…color255; tidings writes them alike.
func translateColor(c string) (string, error) {
	switch c {
	case "default", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white":
		return c, nil
	}
	if n, ok := strings.CutPrefix(c, "color"); ok {
		if v, err := strconv.Atoi(n); err == nil && v >= 0 && v <= 255 && strconv.Itoa(v) == n {
			return c, nil
		}
	}
	return "", fmt.Errorf("%q is not a colour newsboat knows", c)
}

// translateColorLine translates `color ELEMENT FG BG [ATTR…]`.
func translateColorLine(line int, args []string) ([]Color, string, error) {
	if len(args) < 3 {
		return nil, "", fmt.Errorf("want color ELEMENT FG BG [ATTRIBUTE…]")
	}
	if why, ok := untranslatedElements[args[0]]; ok {
		return nil, "", fmt.Errorf("%s", why)
	}
	elements, ok := colorElements[args[0]]
	if !ok {
		return nil, "", fmt.Errorf("%q is not an element newsboat 2.21 knows", args[0])
	}
	value, note, err := translateStyle(args[1:])
	if err != nil {
		return nil, "", err
	}
	out := make([]Color, len(elements))
	for i, e := range elements {
		out[i] = Color{Line: line, Element: e, Value: value}
	}
	return out, note, nil
}

// highlights is what a highlight line translates into.
type highlights struct {
	list    []Highlight
	article []ArticleHighlight
}

// translateHighlight translates `highlight TARGET REGEX FG [BG [ATTR…]]`.
// newsboat's regular expressions ignore case; tidings' are RE2, so
// (?i) joins them. Words of the article → [[highlight-article]]; the
// article list, where newsboat paints the matching words, → a
// [[highlight]] of the rows whose title matches (the note says so);
// the feed list has no tidings equivalent.
func translateHighlight(line int, args []string) (highlights, string, error) {
	if len(args) < 3 {
		return highlights{}, "", fmt.Errorf("want highlight TARGET REGEX FG [BG [ATTRIBUTE…]]")
	}
	color, note, err := translateStyle(args[2:])
	if err != nil {
		return highlights{}, "", err
	}
	regex := args[1]
	if _, err := regexp.Compile("(?i)" + regex); err != nil {
		return highlights{}, "", fmt.Errorf("the regular expression is not one tidings reads (RE2): %w", err)
	}
	var out highlights
	var notes []string
	list := func() {
		expr := &query.TextTest{Field: query.FieldTitle, Op: query.OpMatch, Value: regex}
		out.list = append(out.list, Highlight{Line: line, Expr: expr.String(), Color: color})
		notes = append(notes, "the article list's rows whose title matches are drawn whole, not only the matching words")
	}
	switch args[0] {
	case "article":
		out.article = append(out.article, ArticleHighlight{Line: line, Regex: "(?i)" + regex, Color: color})
	case "articlelist":
		list()
	case "all":
		out.article = append(out.article, ArticleHighlight{Line: line, Regex: "(?i)" + regex, Color: color})
		list()
		notes = append(notes, "tidings highlights nothing in the feed list")
	case "feedlist":
		return highlights{}, "", fmt.Errorf("tidings highlights nothing in the feed list")
	default:
		return highlights{}, "", fmt.Errorf("%q is not a target newsboat knows (feedlist, articlelist, article, all)", args[0])
	}
	if note != "" {
		notes = append(notes, note)
	}
	return out, strings.Join(notes, "; "), nil
}

// translateHighlightArticle translates `highlight-article EXPR FG BG
// [ATTR…]`: list rows the filter expression matches → [[highlight]].
func translateHighlightArticle(line int, args []string) (Highlight, string, error) {
	if len(args) < 3 {
		return Highlight{}, "", fmt.Errorf(`want highlight-article "EXPRESSION" FG BG [ATTRIBUTE…]`)
	}
	e, err := TranslateFilter(args[0])
	if err != nil {
		return Highlight{}, "", err
	}
	color, note, err := translateStyle(args[1:])
	if err != nil {
		return Highlight{}, "", err
	}
	return Highlight{Line: line, Expr: e.String(), Color: color}, note, nil
}
