package article

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// pageText is the text of a stored article as a person reads it: one line
// per block (paragraph, heading, table row, list item, line of code),
// white space within a line collapsed, blank lines dropped. The expected
// files of testdata/articles are written in it.
func pageText(fragment string) string {
	z := html.NewTokenizer(strings.NewReader(fragment))
	var lines []string
	var cur strings.Builder
	pre := 0
	flush := func() {
		if l := strings.Join(strings.Fields(cur.String()), " "); l != "" {
			lines = append(lines, l)
		}
		cur.Reset()
	}
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			flush()
			return strings.Join(lines, "\n") + "\n"
		case html.TextToken:
			t := string(z.Text())
			if pre > 0 {
				parts := strings.Split(t, "\n")
				for i, p := range parts {
					if i > 0 {
						flush()
					}
					cur.WriteString(p)
				}
				continue
			}
			cur.WriteString(t)
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if a == atom.Pre {
				if tt == html.StartTagToken {
					pre++
				} else if tt == html.EndTagToken && pre > 0 {
					pre--
				}
			}
			if a == atom.Td || a == atom.Th {
				if tt == html.StartTagToken {
					cur.WriteString(" | ")
				}
				continue
			}
			if !inlineElements[a] {
				flush()
			}
		}
	}
}
