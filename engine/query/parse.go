package query

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/tidings-rss/tidings/sanitize"
)

// maxLength keeps a hostile expression cheap: its length in characters.
const maxLength = 4096

// MaxDepth keeps a hostile expression cheap: how deep parentheses and
// nots may nest (a translator into this language holds to it too).
const MaxDepth = 64

// Parse reads an expression into its tree. A bad expression is an *Error
// naming the column.
func Parse(s string) (Expr, error) {
	src := []rune(s)
	if len(src) > maxLength {
		return nil, errorf(maxLength+1, "expression longer than %d characters", maxLength)
	}
	p := &parser{lex: lexer{src: src}}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if p.tok.kind == tokEOF {
		return nil, errorf(p.tok.col, "empty expression: want a test such as title ~ \"go\" or unread")
	}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokEOF {
		return nil, errorf(p.tok.col, "expected and, or, ) or the end, found %s", p.tok.describe())
	}
	return e, nil
}

// MustParse is Parse for expressions known to be valid (tests, constants);
// it panics on an error.
func MustParse(s string) Expr {
	e, err := Parse(s)
	if err != nil {
		panic("query.MustParse(" + strconv.Quote(s) + "): " + err.Error())
	}
	return e
}

// parser is a recursive-descent parser with one token of look-ahead.
type parser struct {
	lex   lexer
	tok   token
	depth int
}

func (p *parser) advance() error {
	t, err := p.lex.next()
	if err != nil {
		return err
	}
	p.tok = t
	return nil
}

// keyword reports whether the current token is the word kw (any case).
func (p *parser) keyword(kw string) bool {
	return p.tok.kind == tokWord && strings.EqualFold(p.tok.text, kw)
}

// or := and ("or" and)*
func (p *parser) or() (Expr, error) {
	left, err := p.and()
	for err == nil && p.keyword("or") {
		var right Expr
		if err = p.advance(); err == nil {
			right, err = p.and()
			left = &Or{Left: left, Right: right}
		}
	}
	return left, err
}

// and := not ("and" not)*
func (p *parser) and() (Expr, error) {
	left, err := p.not()
	for err == nil && p.keyword("and") {
		var right Expr
		if err = p.advance(); err == nil {
			right, err = p.not()
			left = &And{Left: left, Right: right}
		}
	}
	return left, err
}

// not := "not" not | primary
func (p *parser) not() (Expr, error) {
	if !p.keyword("not") {
		return p.primary()
	}
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.advance(); err != nil {
		return nil, err
	}
	x, err := p.not()
	if err != nil {
		return nil, err
	}
	return &Not{X: x}, nil
}

func (p *parser) enter() error {
	p.depth++
	if p.depth > MaxDepth {
		return errorf(p.tok.col, "nested more than %d levels deep", MaxDepth)
	}
	return nil
}

func (p *parser) leave() { p.depth-- }

// primary := "(" or ")" | "text" ":" value | field [op value]
func (p *parser) primary() (Expr, error) {
	switch p.tok.kind {
	case tokLParen:
		return p.group()
	case tokWord:
		if p.keyword("and") || p.keyword("or") {
			break
		}
		return p.predicate()
	}
	return nil, errorf(p.tok.col, "expected a test (%s), not or (, found %s", fieldNames, p.tok.describe())
}

func (p *parser) group() (Expr, error) {
	open := p.tok.col
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	if err := p.advance(); err != nil {
		return nil, err
	}
	e, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tokRParen {
		return nil, errorf(p.tok.col, "expected ) to close the ( at column %d, found %s", open, p.tok.describe())
	}
	return e, p.advance()
}

// predicate reads a test on one field.
func (p *parser) predicate() (Expr, error) {
	name := p.tok
	if err := p.advance(); err != nil {
		return nil, err
	}
	if rest, ok := cutPrefixFold(name.text, "text:"); ok {
		return p.fullText(rest, name.col+len("text:"))
	}
	if strings.EqualFold(name.text, "text") {
		return nil, errorf(name.col, `full-text search is written text:"words"`)
	}
	field := Field(strings.ToLower(name.text))
	switch field.kind() {
	case kindText:
		return p.textTest(field)
	case kindBool:
		return p.boolTest(field)
	case kindNumber:
		return p.ageTest()
	}
	return nil, errorf(name.col, "unknown field %s: want %s", sanitize.Named(name.text), fieldNames)
}

// operator reads the operator after a field, which must be one of ops.
func (p *parser) operator(field Field, ops ...Op) (Op, token, error) {
	t := p.tok
	if t.kind == tokOp {
		for _, op := range ops {
			if Op(t.text) == op {
				return op, t, p.advance()
			}
		}
	}
	var names []string
	for _, op := range ops {
		names = append(names, string(op))
	}
	return "", t, errorf(t.col, "%s takes %s, found %s", field, strings.Join(names, " "), t.describe())
}

// value reads a string or a bare word.
func (p *parser) value(after string) (token, error) {
	t := p.tok
	if t.kind != tokString && t.kind != tokWord {
		return t, errorf(t.col, "expected a value after %s, found %s", after, t.describe())
	}
	return t, p.advance()
}

func (p *parser) textTest(field Field) (Expr, error) {
	op, opTok, err := p.operator(field, OpEq, OpNe, OpMatch, OpNotMatch)
	if err != nil {
		return nil, err
	}
	v, err := p.value(opTok.text)
	if err != nil {
		return nil, err
	}
	if op == OpMatch || op == OpNotMatch {
		if err := checkRegexp(v.text); err != nil {
			return nil, errorf(v.col, "bad regular expression: %s", err)
		}
	}
	return &TextTest{Field: field, Op: op, Value: v.text}, nil
}

// boolTest reads "unread", or "unread = true|false|yes|no" (!= negates).
func (p *parser) boolTest(field Field) (Expr, error) {
	if p.tok.kind != tokOp {
		return &BoolTest{Field: field, Value: true}, nil
	}
	op, opTok, err := p.operator(field, OpEq, OpNe)
	if err != nil {
		return nil, err
	}
	v, err := p.value(opTok.text)
	if err != nil {
		return nil, err
	}
	var want bool
	switch strings.ToLower(v.text) {
	case "true", "yes":
		want = true
	case "false", "no":
	default:
		return nil, errorf(v.col, "%s is true or false, found %s", field, v.describe())
	}
	return &BoolTest{Field: field, Value: want == (op == OpEq)}, nil
}

func (p *parser) ageTest() (Expr, error) {
	op, opTok, err := p.operator(FieldAge, OpLt, OpGt, OpLe, OpGe, OpEq, OpNe)
	if err != nil {
		return nil, err
	}
	v, err := p.value(opTok.text)
	if err != nil {
		return nil, err
	}
	days, err := strconv.Atoi(v.text)
	if err != nil || days < 0 || days > 1_000_000 {
		return nil, errorf(v.col, "age is a whole number of days (0 to 1000000), found %s", v.describe())
	}
	return &AgeTest{Op: op, Days: days}, nil
}

// fullText reads the words of text:, either the rest of the word
// (text:golang, rest at column col) or the next value (text:"go tips").
func (p *parser) fullText(rest string, col int) (Expr, error) {
	v := token{kind: tokWord, text: rest, col: col}
	if rest == "" {
		var err error
		if v, err = p.value("text:"); err != nil {
			return nil, err
		}
	}
	if !hasWord(v.text) {
		return nil, errorf(v.col, "text: needs at least one word to look for")
	}
	return &FullText{Text: v.text}, nil
}

// hasWord reports whether s holds a letter or digit, which the full-text
// index can look for.
func hasWord(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127
	}) >= 0
}

// cutPrefixFold is strings.CutPrefix ignoring ASCII case.
func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// checkRegexp reports what is wrong with a ~ pattern, in RE2's words and
// without the case-insensitive flag the language adds.
func checkRegexp(pattern string) error {
	if _, err := regexp.Compile(pattern); err != nil {
		var se *syntax.Error
		if errors.As(err, &se) {
			return fmt.Errorf("%s: `%s`", se.Code, se.Expr)
		}
		return err
	}
	_, err := Regexp(pattern)
	return err
}
