package query

import (
	"regexp"
	"strconv"
	"strings"
)

// Field is what a predicate looks at.
type Field string

// The fields of the language.
const (
	// Text fields: compared with =, !=, ~ and !~.
	FieldTitle    Field = "title"
	FieldAuthor   Field = "author"
	FieldContent  Field = "content"  // the item's content or summary (sanitized HTML)
	FieldFeed     Field = "feed"     // the feed's title or URL
	FieldFolder   Field = "folder"   // the feed's folder path; = takes sub-folders too
	FieldCategory Field = "category" // any one of the item's categories
	FieldLink     Field = "link"
	// Boolean fields: alone, or = true / false.
	FieldUnread    Field = "unread"
	FieldFlagged   Field = "flagged"
	FieldEnclosure Field = "enclosure" // the item has at least one
	// FieldAge is the number of whole days since the item's sort date.
	FieldAge Field = "age"
)

// fieldKind is what a field holds, and so which operators it takes.
type fieldKind int

const (
	kindUnknown fieldKind = iota
	kindText
	kindBool
	kindNumber
)

// kind tells which operators and values the field takes.
func (f Field) kind() fieldKind {
	switch f {
	case FieldTitle, FieldAuthor, FieldContent, FieldFeed, FieldFolder, FieldCategory, FieldLink:
		return kindText
	case FieldUnread, FieldFlagged, FieldEnclosure:
		return kindBool
	case FieldAge:
		return kindNumber
	}
	return kindUnknown
}

// fieldNames lists the fields for error messages.
const fieldNames = "title, author, content, feed, folder, category, link, unread, flagged, enclosure, age, text:"

// Op is a comparison operator.
type Op string

// The comparison operators.
const (
	OpEq       Op = "="
	OpNe       Op = "!="
	OpMatch    Op = "~"  // case-insensitive regular expression (RE2 syntax)
	OpNotMatch Op = "!~" // the regular expression does not match
	OpLt       Op = "<"
	OpGt       Op = ">"
	OpLe       Op = "<="
	OpGe       Op = ">="
)

// Expr is a parsed expression: one of *And, *Or, *Not, *TextTest,
// *BoolTest, *AgeTest or *FullText.
type Expr interface {
	// String is the expression in the language's canonical form; parsing
	// it again gives an expression of the same meaning (the same tree for
	// one that Parse made).
	String() string
	isExpr()
}

// And holds when both sides hold.
type And struct{ Left, Right Expr }

// Or holds when either side holds.
type Or struct{ Left, Right Expr }

// Not holds when X does not.
type Not struct{ X Expr }

// TextTest compares a text field with a value: equality ignores case,
// ~ is a case-insensitive regular expression.
type TextTest struct {
	Field Field
	Op    Op // OpEq, OpNe, OpMatch, OpNotMatch
	Value string
}

// BoolTest holds when the boolean field equals Value.
type BoolTest struct {
	Field Field
	Value bool
}

// AgeTest compares an item's age in whole days with Days.
type AgeTest struct {
	Op   Op // OpEq, OpNe, OpLt, OpGt, OpLe, OpGe
	Days int
}

// FullText holds when the item's title or content has every word of Text
// (each word also matches as a prefix), through the full-text index.
type FullText struct{ Text string }

func (*And) isExpr()      {}
func (*Or) isExpr()       {}
func (*Not) isExpr()      {}
func (*TextTest) isExpr() {}
func (*BoolTest) isExpr() {}
func (*AgeTest) isExpr()  {}
func (*FullText) isExpr() {}

func (e *And) String() string { return side(e.Left, false) + " and " + side(e.Right, false) }
func (e *Or) String() string  { return e.Left.String() + " or " + e.Right.String() }
func (e *Not) String() string { return "not " + side(e.X, true) }

func (e *TextTest) String() string {
	return string(e.Field) + " " + string(e.Op) + " " + Quote(e.Value)
}
func (e *AgeTest) String() string  { return "age " + string(e.Op) + " " + strconv.Itoa(e.Days) }
func (e *FullText) String() string { return "text:" + Quote(e.Text) }

func (e *BoolTest) String() string {
	if e.Value {
		return string(e.Field)
	}
	return "not " + string(e.Field)
}

// side writes an operand of and (or of not, when tight), in parentheses
// when it binds more loosely.
func side(e Expr, tight bool) string {
	switch e.(type) {
	case *Or:
		return "(" + e.String() + ")"
	case *And:
		if tight {
			return "(" + e.String() + ")"
		}
	}
	return e.String()
}

// Quote writes s as a string literal of the language.
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// Regexp compiles a ~ pattern as the language reads it: case-insensitive
// RE2. The store's REGEXP function uses it, so a pattern that parsed
// always compiles.
func Regexp(pattern string) (*regexp.Regexp, error) {
	return regexp.Compile("(?i)" + pattern)
}
