package query

import (
	"strings"
	"unicode"

	"github.com/tidings-rss/tidings/sanitize"
)

// tokenKind tells tokens apart.
type tokenKind int

const (
	tokEOF tokenKind = iota
	tokWord
	tokString
	tokOp
	tokLParen
	tokRParen
)

// token is one lexeme; col is its 1-based column in runes.
type token struct {
	kind tokenKind
	text string // the word, the string's value, or the operator
	col  int
}

// describe names a token in an error message.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "the end"
	case tokString:
		return Quote(t.text)
	}
	return "\"" + t.text + "\""
}

// lexer splits an expression into tokens.
type lexer struct {
	src []rune
	pos int
}

// special are the runes that end a bare word.
const special = "()=!~<>\"'"

// next returns the next token, or an *Error for text that is none.
func (l *lexer) next() (token, error) {
	for l.pos < len(l.src) && unicode.IsSpace(l.src[l.pos]) {
		l.pos++
	}
	start := l.pos
	col := start + 1
	if l.pos >= len(l.src) {
		return token{kind: tokEOF, col: col}, nil
	}
	switch r := l.src[l.pos]; {
	case r == '(':
		l.pos++
		return token{kind: tokLParen, text: "(", col: col}, nil
	case r == ')':
		l.pos++
		return token{kind: tokRParen, text: ")", col: col}, nil
	case r == '"' || r == '\'':
		return l.str(r)
	case strings.ContainsRune("=!~<>", r):
		return l.op()
	}
	for l.pos < len(l.src) && !unicode.IsSpace(l.src[l.pos]) && !strings.ContainsRune(special, l.src[l.pos]) {
		l.pos++
	}
	return token{kind: tokWord, text: string(l.src[start:l.pos]), col: col}, nil
}

// op reads = != ~ !~ < > <= >=.
func (l *lexer) op() (token, error) {
	col := l.pos + 1
	first := l.src[l.pos]
	l.pos++
	second := rune(0)
	if l.pos < len(l.src) {
		second = l.src[l.pos]
	}
	switch {
	case (first == '!' || first == '<' || first == '>') && second == '=', first == '!' && second == '~':
		l.pos++
		return token{kind: tokOp, text: string([]rune{first, second}), col: col}, nil
	case first == '!':
		return token{}, errorf(col, `"!" must be followed by = or ~ (use "not" to negate)`)
	case first == '=' && (second == '=' || second == '~'):
		return token{}, errorf(col, "%s is not an operator: use = for equality, ~ for a regular expression", sanitize.Named(string([]rune{first, second})))
	}
	return token{kind: tokOp, text: string(first), col: col}, nil
}

// str reads a string quoted with q. A backslash escapes the quote and
// itself; any other backslash stays, so regular expressions read as
// written ("\d+").
func (l *lexer) str(q rune) (token, error) {
	col := l.pos + 1
	l.pos++
	var b strings.Builder
	for l.pos < len(l.src) {
		r := l.src[l.pos]
		l.pos++
		switch {
		case r == q:
			return token{kind: tokString, text: b.String(), col: col}, nil
		case r == '\\' && l.pos < len(l.src) && (l.src[l.pos] == q || l.src[l.pos] == '\\'):
			b.WriteRune(l.src[l.pos])
			l.pos++
		default:
			b.WriteRune(r)
		}
	}
	return token{}, errorf(col, "string not closed: add %c", q)
}
