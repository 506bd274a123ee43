package query

import (
	"errors"
	"strings"
	"testing"
)

// The language's parser table: valid expressions with their canonical
// form, which parses back to itself.
func TestParseValid(t *testing.T) {
	tests := []struct{ in, want string }{
		{`title ~ "sponsored"`, `title ~ "sponsored"`},
		{`TITLE ~ 'Sponsored'`, `title ~ "Sponsored"`},
		{`author = "Ann Smith"`, `author = "Ann Smith"`},
		{`content !~ "\d{4}"`, `content !~ "\\d{4}"`},
		{`feed = https://example.com/feed.xml`, `feed = "https://example.com/feed.xml"`},
		{`folder = News/Tech`, `folder = "News/Tech"`},
		{`category != security`, `category != "security"`},
		{`link ~ "youtube\.com/shorts"`, `link ~ "youtube\\.com/shorts"`},
		{`unread`, `unread`},
		{`unread = no`, `not unread`},
		{`flagged != false`, `flagged`},
		{`enclosure = true`, `enclosure`},
		{`age < 7`, `age < 7`},
		{`age>=30`, `age >= 30`},
		{`age = 0`, `age = 0`},
		{`age != 2`, `age != 2`},
		{`age <= 1`, `age <= 1`},
		{`age > 365`, `age > 365`},
		{`text:"go generics"`, `text:"go generics"`},
		{`text:golang`, `text:"golang"`},
		{`unread and flagged`, `unread and flagged`},
		{`unread or flagged and enclosure`, `unread or flagged and enclosure`},
		{`(unread or flagged) and enclosure`, `(unread or flagged) and enclosure`},
		{`not (unread and flagged)`, `not (unread and flagged)`},
		{`NOT not unread`, `not not unread`},
		{`title = "say \"hi\""`, `title = "say \"hi\""`},
		{`title = 'it\'s'`, `title = "it's"`},
		{`TEXT:Go`, `text:"Go"`},
		{"unread\nand\tflagged", `unread and flagged`},
		{`category = security and unread and age < 7`, `category = "security" and unread and age < 7`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := e.String(); got != tt.want {
				t.Fatalf("Parse(%q) = %s, want %s", tt.in, got, tt.want)
			}
			again, err := Parse(e.String())
			if err != nil || again.String() != tt.want {
				t.Fatalf("canonical form %q does not parse back: %v, %v", tt.want, again, err)
			}
		})
	}
}

// Bad expressions get a one-line error pointing at the column.
func TestParseInvalid(t *testing.T) {
	tests := []struct {
		in   string
		col  int
		want string
	}{
		{``, 1, "empty expression"},
		{`   `, 4, "empty expression"},
		{`titel ~ "x"`, 1, `unknown field titel`},
		{`title "x"`, 7, `title takes = != ~ !~`},
		{`title ~`, 8, "expected a value after ~"},
		{`title ~ "x`, 9, "string not closed"},
		{`title ~ "(unclosed"`, 9, "bad regular expression"},
		{`title < "x"`, 7, "title takes"},
		{`age ~ 3`, 5, "age takes < > <= >= = !="},
		{`age < seven`, 7, "whole number of days"},
		{`age < -1`, 7, "whole number of days"},
		{`unread = maybe`, 10, "true or false"},
		{`unread ~ yes`, 8, "unread takes = !="},
		{`unread and`, 11, "expected a test"},
		{`unread flagged`, 8, `expected and, or, ) or the end, found "flagged"`},
		{`(unread or flagged`, 19, "expected ) to close the ( at column 1"},
		{`unread)`, 7, `found ")"`},
		{`title ! "x"`, 7, `"!" must be followed by = or ~`},
		{`title == "x"`, 7, `== is not an operator`},
		{`title =~ "x"`, 7, `=~ is not an operator`},
		{`text:""`, 6, "needs at least one word"},
		{`text "go"`, 1, `text:"words"`},
		{`text:`, 6, "expected a value after text:"},
		{`and unread`, 1, "expected a test"},
		{`unread or or flagged`, 11, "expected a test"},
		{`title = x and ééé ~ "y"`, 15, `unknown field ééé`},
		{strings.Repeat("(", 70) + "unread" + strings.Repeat(")", 70), 65, "nested more than 64"},
		{strings.Repeat("not ", 70) + "unread", 257, "nested more than 64"},
		{"title ~ \"" + strings.Repeat("a", 5000) + "\"", 4097, "longer than 4096"},
	}
	for _, tt := range tests {
		t.Run(tt.in[:min(len(tt.in), 40)], func(t *testing.T) {
			_, err := Parse(tt.in)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, want an *Error", tt.in, err)
			}
			if pe.Column != tt.col || !strings.Contains(pe.Msg, tt.want) {
				t.Fatalf("Parse(%q) = %q at column %d, want %q at column %d", tt.in, pe.Msg, pe.Column, tt.want, tt.col)
			}
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "column ") {
				t.Fatalf("error %q is not one line starting with the column", err)
			}
		})
	}
}

// The canonical form of a hand-built tree keeps its meaning: an Or inside
// an And, and an And inside a Not, get parentheses.
func TestStringParenthesises(t *testing.T) {
	e := &Not{X: &And{Left: &Or{Left: &BoolTest{Field: FieldUnread, Value: true}, Right: &FullText{Text: "go"}},
		Right: &TextTest{Field: FieldTitle, Op: OpEq, Value: `a"b\c`}}}
	want := `not ((unread or text:"go") and title = "a\"b\\c")`
	if got := e.String(); got != want {
		t.Fatalf("String() = %s, want %s", got, want)
	}
	if again := MustParse(want); again.String() != want {
		t.Fatalf("round trip: %s", again)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{`title ~ "x" and not (unread or age < 3)`, `text:"a b"`, `feed = 'q\'s'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil || len([]rune(e.String())) > maxLength {
			return // escapes can lengthen the canonical form past the limit
		}
		again, err := Parse(e.String())
		if err != nil {
			t.Fatalf("canonical form %q of %q does not parse: %v", e.String(), s, err)
		}
		if again.String() != e.String() {
			t.Fatalf("canonical form unstable: %q → %q", e.String(), again.String())
		}
	})
}
