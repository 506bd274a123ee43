package newsboat

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/tidings-rss/tidings/engine/query"
	"github.com/tidings-rss/tidings/sanitize"
)

// TranslateFilter translates a newsboat filter expression (the language
// of its query feeds, ignore-article and filters) into this one. An
// expression that does not translate is an error naming the first part
// that does not, with its column.
//
// newsboat joins with and/or of equal precedence, grouping to the right;
// the tree keeps that meaning. Its = compares exactly and =~ ignores case;
// here = ignores case as well, so a translated = can match a little more.
func TranslateFilter(expr string) (query.Expr, error) {
	p := &nbParser{src: []rune(expr)}
	e, err := p.expression(0)
	if err != nil {
		return nil, err
	}
	if p.skipSpace(); p.pos < len(p.src) {
		return nil, errorAt(p.pos+1, "unexpected %s", sanitize.Shown(string(p.src[p.pos:])))
	}
	return e, nil
}

// nbParser reads newsboat's filter grammar: comparison (("and"|"or")
// expression)?, with parentheses.
type nbParser struct {
	src []rune
	pos int
}

func (p *nbParser) skipSpace() {
	for p.pos < len(p.src) && unicode.IsSpace(p.src[p.pos]) {
		p.pos++
	}
}

func (p *nbParser) expression(depth int) (query.Expr, error) {
	if depth > query.MaxDepth {
		return nil, errorAt(p.pos+1, "nested more than %d levels deep", query.MaxDepth)
	}
	left, err := p.term(depth)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	switch {
	case p.word("and"):
		right, err := p.expression(depth + 1)
		return &query.And{Left: left, Right: right}, err
	case p.word("or"):
		right, err := p.expression(depth + 1)
		return &query.Or{Left: left, Right: right}, err
	}
	return left, nil
}

// word consumes the keyword kw when it is next.
func (p *nbParser) word(kw string) bool {
	end := p.pos + len(kw)
	if end > len(p.src) || string(p.src[p.pos:end]) != kw {
		return false
	}
	if end < len(p.src) && isNbAttr(p.src[end]) {
		return false
	}
	p.pos = end
	return true
}

func (p *nbParser) term(depth int) (query.Expr, error) {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] == '(' {
		open := p.pos + 1
		p.pos++
		e, err := p.expression(depth + 1)
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.pos >= len(p.src) || p.src[p.pos] != ')' {
			return nil, errorAt(p.pos+1, "expected ) to close the ( at column %d", open)
		}
		p.pos++
		return e, nil
	}
	return p.comparison()
}

func isNbAttr(r rune) bool {
	return r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.')
}

// nbComparison is one newsboat comparison before translation.
type nbComparison struct {
	attr, op string
	value    nbValue
	col      int
}

// nbValue is a quoted string (raw: escapes kept), a number or a range.
type nbValue struct {
	str    string
	quoted bool
	lo, hi int
	isNum  bool
	isRng  bool
	col    int
}

func (p *nbParser) comparison() (query.Expr, error) {
	c := nbComparison{col: p.pos + 1}
	start := p.pos
	for p.pos < len(p.src) && isNbAttr(p.src[p.pos]) {
		p.pos++
	}
	if p.pos == start {
		return nil, errorAt(p.pos+1, "expected an attribute name")
	}
	c.attr = string(p.src[start:p.pos])
	p.skipSpace()
	var err error
	if c.op, err = p.operator(); err != nil {
		return nil, err
	}
	p.skipSpace()
	if c.value, err = p.value(); err != nil {
		return nil, err
	}
	return translateComparison(c)
}

// nbOperators are newsboat's comparison operators, for error messages.
const nbOperators = "=~ == = !~ != <= >= < > between # !#"

func (p *nbParser) operator() (string, error) {
	for _, op := range []string{"=~", "==", "!~", "!=", "<=", ">=", "!#", "between", "=", "<", ">", "#"} {
		end := p.pos + len(op)
		if end <= len(p.src) && string(p.src[p.pos:end]) == op {
			p.pos = end
			return op, nil
		}
	}
	return "", errorAt(p.pos+1, "expected one of %s", nbOperators)
}

func (p *nbParser) value() (nbValue, error) {
	v := nbValue{col: p.pos + 1}
	if p.pos < len(p.src) && p.src[p.pos] == '"' {
		p.pos++
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] != '"' {
			if p.src[p.pos] == '\\' {
				p.pos++
			}
			p.pos++
		}
		if p.pos >= len(p.src) {
			return v, errorAt(v.col, "string not closed")
		}
		v.str, v.quoted = string(p.src[start:p.pos]), true
		p.pos++
		return v, nil
	}
	lo, ok := p.number()
	if !ok {
		return v, errorAt(v.col, "expected a quoted string, a range or a number")
	}
	v.lo, v.hi, v.isNum = lo, lo, true
	if p.pos < len(p.src) && p.src[p.pos] == ':' {
		p.pos++
		hi, ok := p.number()
		if !ok {
			return v, errorAt(p.pos+1, "expected the end of the range")
		}
		v.hi, v.isNum, v.isRng = hi, false, true
	}
	v.str = strconv.Itoa(v.lo)
	return v, nil
}

func (p *nbParser) number() (int, bool) {
	start := p.pos
	if p.pos < len(p.src) && p.src[p.pos] == '-' {
		p.pos++
	}
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	n, err := strconv.Atoi(string(p.src[start:p.pos]))
	if err != nil {
		p.pos = start
		return 0, false
	}
	return n, true
}

// unescaped is a quoted value with \" and \\ undone (a literal for = and #).
func (v nbValue) unescaped() string {
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(v.str)
}

// translateComparison maps one newsboat comparison onto this language.
func translateComparison(c nbComparison) (query.Expr, error) {
	switch c.attr {
	case "title", "author", "link", "content":
		return translateText([]query.Field{query.Field(c.attr)}, c)
	case "feedtitle", "feedurl":
		return translateText([]query.Field{query.FieldFeed}, c)
	case "tags":
		return translateText([]query.Field{query.FieldFolder, query.FieldCategory}, c)
	case "unread":
		return translateUnread(c)
	case "enclosure_url":
		return translateEnclosure(c)
	case "flags":
		return translateFlags(c)
	case "age":
		return translateAge(c)
	}
	return nil, errorAt(c.col, "newsboat's %s has no tidings equivalent", sanitize.Named(c.attr))
}

// translateText maps a comparison of a text attribute onto one field, or
// onto any of several (tags: a folder or a category).
func translateText(fields []query.Field, c nbComparison) (query.Expr, error) {
	if !c.value.quoted {
		return nil, errorAt(c.value.col, "%s %s takes a quoted string here", c.attr, c.op)
	}
	var op query.Op
	value := c.value.unescaped()
	negate := false
	switch c.op {
	case "=", "==":
		op = query.OpEq
	case "!=":
		op, negate = query.OpEq, true
	case "=~":
		op, value = query.OpMatch, c.value.str
	case "!~":
		op, value, negate = query.OpMatch, c.value.str, true
	case "#", "!#":
		op, negate = query.OpEq, c.op == "!#"
		if fields[0] != query.FieldFolder { // a word of a space-separated list
			op, value = query.OpMatch, `(^|\s)`+regexp.QuoteMeta(value)+`(\s|$)`
		}
	default:
		return nil, errorAt(c.col, "%s takes no %s in tidings", c.attr, c.op)
	}
	if op == query.OpMatch {
		if _, err := query.Regexp(value); err != nil {
			return nil, errorAt(c.value.col, "regular expression does not translate: %s", err)
		}
	}
	if negate && len(fields) == 1 {
		negate, op = false, map[query.Op]query.Op{query.OpEq: query.OpNe, query.OpMatch: query.OpNotMatch}[op]
	}
	var e query.Expr
	for _, f := range fields {
		var t query.Expr = &query.TextTest{Field: f, Op: op, Value: value}
		if e == nil {
			e = t
		} else {
			e = &query.Or{Left: e, Right: t}
		}
	}
	if negate {
		e = &query.Not{X: e}
	}
	return e, nil
}

// translateUnread maps unread = "yes"/"no" (and !=).
func translateUnread(c nbComparison) (query.Expr, error) {
	v := strings.ToLower(c.value.unescaped())
	if (c.op != "=" && c.op != "==" && c.op != "!=") || (v != "yes" && v != "no") {
		return nil, errorAt(c.col, `unread translates only as unread = "yes" or "no"`)
	}
	return &query.BoolTest{Field: query.FieldUnread, Value: (v == "yes") == (c.op != "!=")}, nil
}

// translateEnclosure maps enclosure_url != "" (has one) and = "".
func translateEnclosure(c nbComparison) (query.Expr, error) {
	if !c.value.quoted || c.value.str != "" || (c.op != "=" && c.op != "==" && c.op != "!=") {
		return nil, errorAt(c.col, `enclosure_url translates only as enclosure_url != "" or = ""`)
	}
	return &query.BoolTest{Field: query.FieldEnclosure, Value: c.op == "!="}, nil
}

// translateFlags maps flags # "s" (and !#, != "", = "") onto flagged.
// newsboat's flags are letters a user puts on an article; tidings has
// one flag, and the cache's import flags an article that carries any
// letter, so any letter translates as flagged.
func translateFlags(c nbComparison) (query.Expr, error) {
	v := c.value.unescaped()
	oneLetter := len(v) == 1 && (v[0] >= 'a' && v[0] <= 'z' || v[0] >= 'A' && v[0] <= 'Z')
	switch {
	case !c.value.quoted:
	case (c.op == "#" || c.op == "!#") && oneLetter:
		return &query.BoolTest{Field: query.FieldFlagged, Value: c.op == "#"}, nil
	case (c.op == "!=" || c.op == "=" || c.op == "==") && v == "":
		return &query.BoolTest{Field: query.FieldFlagged, Value: c.op == "!="}, nil
	}
	return nil, errorAt(c.col, `flags translates only as flags # "LETTER", !# "LETTER", != "" or = ""`)
}

// translateAge maps age comparisons and between.
func translateAge(c nbComparison) (query.Expr, error) {
	v := c.value
	if v.quoted {
		n, err := strconv.Atoi(v.unescaped())
		if err != nil {
			return nil, errorAt(v.col, "age takes a number of days")
		}
		v.lo, v.hi, v.isNum = n, n, true
	}
	if c.op == "between" {
		if !v.isRng {
			return nil, errorAt(v.col, "between takes a range such as 0:7")
		}
		lo, hi := min(v.lo, v.hi), max(v.lo, v.hi)
		return &query.And{Left: ageTest(query.OpGe, lo), Right: ageTest(query.OpLe, hi)}, nil
	}
	if !v.isNum || v.lo < 0 {
		return nil, errorAt(v.col, "age %s takes a number of days", c.op)
	}
	ops := map[string]query.Op{"=": query.OpEq, "==": query.OpEq, "!=": query.OpNe, "<": query.OpLt, ">": query.OpGt, "<=": query.OpLe, ">=": query.OpGe}
	op, ok := ops[c.op]
	if !ok {
		return nil, errorAt(c.col, "age takes no %s", c.op)
	}
	return ageTest(op, v.lo), nil
}

func ageTest(op query.Op, days int) query.Expr {
	return &query.AgeTest{Op: op, Days: max(days, 0)}
}

// errorAt is a translation error at the 1-based column col, a
// *query.Error as the language's own parse errors are.
func errorAt(col int, format string, args ...any) *query.Error {
	return &query.Error{Column: col, Msg: fmt.Sprintf(format, args...)}
}
