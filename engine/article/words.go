package article

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// WordsPerMinute is the reading speed reading times are counted at.
const WordsPerMinute = 230

// Words counts the words a reader sees in stored HTML: the text of its
// text nodes outside script and style, split at white space. A tag
// between two letters does not split a word ("un<b>believ</b>able" is
// one), as the full-text index reads it.
func Words(fragment string) int {
	if strings.IndexByte(fragment, '<') < 0 && strings.IndexByte(fragment, '&') < 0 {
		return len(strings.Fields(fragment))
	}
	z := html.NewTokenizer(strings.NewReader(fragment))
	n, inWord, skip := 0, false, false
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return n
		case html.TextToken:
			if skip {
				continue
			}
			for _, r := range string(z.Text()) {
				space := unicode.IsSpace(r)
				if !space && !inWord {
					n++
				}
				inWord = !space
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Script || a == atom.Style {
				skip = tt == html.StartTagToken
			}
			if !inlineElements[a] {
				inWord = false
			}
		}
	}
}

// ReadingMinutes is how long words take to read at WordsPerMinute,
// rounded up: 0 for no words, 1 for a sentence.
func ReadingMinutes(words int) int {
	if words <= 0 {
		return 0
	}
	return (words + WordsPerMinute - 1) / WordsPerMinute
}

// inlineElements do not separate the words on either side of them.
var inlineElements = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true, atom.Cite: true,
	atom.Code: true, atom.Data: true, atom.Dfn: true, atom.Em: true, atom.I: true, atom.Kbd: true,
	atom.Mark: true, atom.Q: true, atom.S: true, atom.Samp: true, atom.Small: true, atom.Span: true,
	atom.Strong: true, atom.Sub: true, atom.Sup: true, atom.Time: true, atom.U: true, atom.Var: true,
	atom.Del: true, atom.Ins: true, atom.Font: true, atom.Strike: true, atom.Tt: true, atom.Big: true,
}
