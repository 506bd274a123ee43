package markdown

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// FromHTML returns src as Markdown: paragraphs, headings, lists, quotes,
// code blocks, rules and tables as blocks separated by a blank line;
// emphasis, strong, strikethrough, code, links and images inline; every
// character Markdown would read as syntax in text escaped. The result
// ends with one line break, or is "" when src has no text.
func FromHTML(src string) string {
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil { // html.Parse fails only on a failing reader
		return escapeLines(escape(src)) + "\n"
	}
	out := blocks(doc)
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "\n\n") + "\n"
}

// blocks converts n's children: each block element a block of its own,
// each run of inline content between them a paragraph.
func blocks(n *html.Node) []string {
	var out []string
	var inline strings.Builder
	flush := func() {
		if p := paragraph(inline.String()); p != "" {
			out = append(out, p)
		}
		inline.Reset()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if isBlock(c) {
			flush()
			out = append(out, block(c)...)
		} else {
			inline.WriteString(inlineNode(c))
		}
	}
	flush()
	return out
}

// isBlock reports whether n is written as blocks rather than inline.
func isBlock(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Html, atom.Head, atom.Body, atom.P, atom.Div, atom.Section, atom.Article, atom.Main,
		atom.Header, atom.Footer, atom.Figure, atom.Figcaption, atom.Dl, atom.Dt, atom.Dd, atom.Li,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Blockquote, atom.Ul, atom.Ol,
		atom.Pre, atom.Hr, atom.Table, atom.Script, atom.Style, atom.Title:
		return true
	}
	return false
}

// block converts one block element.
func block(n *html.Node) []string {
	switch n.DataAtom {
	case atom.Head, atom.Script, atom.Style, atom.Title:
		return nil
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		text := strings.Join(strings.Fields(strings.ReplaceAll(children(n), hardBreak, " ")), " ")
		if text == "" {
			return nil
		}
		return []string{strings.Repeat("#", int(n.Data[1]-'0')) + " " + text}
	case atom.Blockquote:
		return quote(blocks(n))
	case atom.Ul, atom.Ol:
		return list(n)
	case atom.Pre:
		return []string{fenced(textContent(n))}
	case atom.Hr:
		return []string{"---"}
	case atom.Table:
		return table(n)
	}
	return blocks(n)
}

// quote prefixes each line of the blocks with "> ", as one block.
func quote(inner []string) []string {
	if len(inner) == 0 {
		return nil
	}
	lines := strings.Split(strings.Join(inner, "\n\n"), "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return []string{strings.Join(lines, "\n")}
}

// list writes a list's items, "- " or "N. " before each, their further
// lines indented under the first.
func list(n *html.Node) []string {
	num := -1
	if n.DataAtom == atom.Ol {
		num = 1
		if s, err := strconv.Atoi(attr(n, "start")); err == nil && s >= 0 && s < 1e9 {
			num = s
		}
	}
	var items []string
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode && strings.TrimSpace(c.Data) == "" {
			continue
		}
		marker := "- "
		if num >= 0 {
			marker = strconv.Itoa(num) + ". "
			num++
		}
		var body []string
		if c.DataAtom == atom.Li {
			body = blocks(c)
		} else if isBlock(c) {
			body = block(c)
		} else if p := paragraph(inlineNode(c)); p != "" {
			body = []string{p}
		}
		indent := strings.Repeat(" ", len(marker))
		lines := strings.Split(strings.Join(body, "\n\n"), "\n")
		for i := 1; i < len(lines); i++ {
			if lines[i] != "" {
				lines[i] = indent + lines[i]
			}
		}
		items = append(items, strings.TrimRight(marker+lines[0], " ")+strings.Join(append([]string{""}, lines[1:]...), "\n"))
	}
	if len(items) == 0 {
		return nil
	}
	return []string{strings.Join(items, "\n")}
}

// fenced is code in a fence longer than any run of backticks in it.
func fenced(code string) string {
	fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
	return fence + "\n" + strings.TrimRight(code, "\n") + "\n" + fence
}

// table writes a table as GitHub's pipe table: its first row is the
// header, every cell one line; a caption is a paragraph before it.
func table(n *html.Node) []string {
	var out []string
	var rows [][]string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Caption:
				if p := paragraph(children(c)); p != "" {
					out = append(out, p)
				}
			case atom.Tr:
				var row []string
				for td := c.FirstChild; td != nil; td = td.NextSibling {
					if td.DataAtom == atom.Td || td.DataAtom == atom.Th {
						row = append(row, cell(td))
					}
				}
				rows = append(rows, row)
			case atom.Thead, atom.Tbody, atom.Tfoot:
				walk(c)
			}
		}
	}
	walk(n)
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	if cols == 0 {
		return out
	}
	var b strings.Builder
	for i, r := range rows {
		for len(r) < cols {
			r = append(r, "")
		}
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", cols) + "\n")
		}
	}
	return append(out, strings.TrimSuffix(b.String(), "\n"))
}

// cell is a table cell's content on one line.
func cell(n *html.Node) string {
	var parts []string
	for _, b := range blocks(n) {
		parts = append(parts, strings.Join(strings.Fields(strings.ReplaceAll(b, "\\\n", " ")), " "))
	}
	return strings.Join(parts, " ") // text's pipes are escaped already
}

// children is n's children written inline.
func children(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(inlineNode(c))
	}
	return b.String()
}

// inlineNode writes n as inline Markdown; a block inside inline content
// is taken as its text.
func inlineNode(n *html.Node) string {
	switch n.Type {
	case html.TextNode:
		return escape(collapse(n.Data))
	case html.ElementNode:
	default:
		return ""
	}
	switch n.DataAtom {
	case atom.A:
		return link(n)
	case atom.Img:
		return image(n)
	case atom.Br:
		return hardBreak
	case atom.Em, atom.I, atom.Cite, atom.Var:
		return wrap(children(n), "*")
	case atom.Strong, atom.B:
		return wrap(children(n), "**")
	case atom.Del, atom.S:
		return wrap(children(n), "~~")
	case atom.Code, atom.Kbd, atom.Samp:
		return codeSpan(collapse(textContent(n)))
	case atom.Q:
		return "“" + children(n) + "”"
	case atom.Script, atom.Style, atom.Title:
		return ""
	}
	return children(n)
}

// link is [text](url); a link without an address, or to a place on the
// page, is its text.
func link(n *html.Node) string {
	text, href := children(n), attr(n, "href")
	if href == "" || strings.HasPrefix(href, "#") {
		return text
	}
	lead, inner, trail := splitSpace(text)
	if strings.TrimSpace(inner) == "" {
		inner = escape(href)
	}
	return lead + "[" + inner + "](" + destination(href) + ")" + trail
}

// image is ![alt](src); an image without an address (or a data: one) is
// its alt text.
func image(n *html.Node) string {
	alt, src := escape(strings.Join(strings.Fields(attr(n, "alt")), " ")), attr(n, "src")
	if src == "" || strings.HasPrefix(src, "data:") {
		return alt
	}
	return "![" + alt + "](" + destination(src) + ")"
}

// destination writes an address so that Markdown reads all of it as one:
// white space, angle brackets and parentheses percent-encoded.
func destination(u string) string {
	return strings.NewReplacer(" ", "%20", "\t", "%09", "\n", "%0A", "\r", "%0D", "<", "%3C", ">", "%3E",
		"(", "%28", ")", "%29").Replace(u)
}

// wrap puts s between marks, the spaces around s outside them.
func wrap(s, mark string) string {
	lead, inner, trail := splitSpace(s)
	if inner == "" {
		return s
	}
	return lead + mark + inner + mark + trail
}

// splitSpace splits s into its leading spaces, the rest and its trailing
// spaces.
func splitSpace(s string) (lead, inner, trail string) {
	inner = strings.TrimLeft(s, " ")
	lead = s[:len(s)-len(inner)]
	trimmed := strings.TrimRight(inner, " ")
	return lead, trimmed, inner[len(trimmed):]
}

// codeSpan is s in backticks, more of them than any run in s.
func codeSpan(s string) string {
	if strings.TrimSpace(s) == "" {
		return s
	}
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

// hardBreak stands for a <br> in inline content until paragraph writes
// it (html.Parse turns a NUL in text into U+FFFD, so none is text's).
const hardBreak = "\x00"

// paragraph is inline content as a block: white space collapsed, a line
// break where a <br> was (but at its ends), a line start Markdown would
// read as syntax escaped; "" when there is no text.
func paragraph(s string) string {
	var kept []string
	for _, l := range strings.Split(s, hardBreak) {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			kept = append(kept, l)
		}
	}
	return escapeLines(strings.Join(kept, "\\\n"))
}

// syntax are the characters escaped wherever they are in text.
var syntax = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`,
	"<", `\<`, ">", `\>`, "~", `\~`, "|", `\|`)

// escape escapes the characters of text Markdown reads as syntax.
func escape(s string) string { return syntax.Replace(s) }

// lineStart matches what starts a heading, a list item, a rule or a
// setext underline when it begins a line.
var lineStart = regexp.MustCompile(`^(#|\+|-|=|(\d+)([.)]))`)

// escapeLines escapes the start of each line that would begin a block.
func escapeLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		m := lineStart.FindStringSubmatchIndex(l)
		switch {
		case m == nil:
		case m[4] >= 0: // "1." or "1)": escape the mark after the digits
			lines[i] = l[:m[6]] + `\` + l[m[6]:]
		default:
			lines[i] = `\` + l
		}
	}
	return strings.Join(lines, "\n")
}

// collapse replaces each run of white space with one space.
func collapse(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' {
			space = true
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	if space {
		b.WriteByte(' ')
	}
	return b.String()
}

// textContent is the text of n and its descendants, as it is.
func textContent(n *html.Node) string {
	if n.Type == html.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Br {
			b.WriteByte('\n')
			continue
		}
		b.WriteString(textContent(c))
	}
	return b.String()
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// attr is n's attribute name, "" when it has none.
func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}
