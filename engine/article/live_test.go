package article

import (
	"strings"

	"golang.org/x/net/html"
)

// liveMarkup returns the first live thing an independent HTML tokenizer
// finds in s — a script, style, frame, object, form or event handler
// element or attribute, or an address with a scheme other than http(s)
// and mailto — or "" when there is none.
func liveMarkup(s string) string {
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			switch tok.Data {
			case "script", "style", "iframe", "frame", "object", "embed", "form", "input", "button", "svg", "math", "base", "meta", "link":
				return "<" + tok.Data + ">"
			}
			for _, a := range tok.Attr {
				k := strings.ToLower(a.Key)
				if strings.HasPrefix(k, "on") || k == "style" || k == "srcset" || k == "formaction" {
					return tok.Data + " " + k
				}
				if k == "href" || k == "src" || k == "cite" || k == "action" || k == "poster" {
					v := strings.ToLower(strings.TrimSpace(a.Val))
					if !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "https://") &&
						!strings.HasPrefix(v, "mailto:") && !strings.HasPrefix(v, "#") {
						return tok.Data + " " + k + "=" + a.Val
					}
				}
			}
		}
	}
}
