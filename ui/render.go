package ui

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/sanitize/weburl"
)

// rendered is an item's content laid out for the terminal: wrapped lines
// (styled) and the links they number, in order.
type rendered struct {
	lines []string
	links []string
}

// renderHTML lays out sanitized HTML for width columns: paragraphs
// wrapped, headings, lists, quotes and code kept readable, tables in
// aligned columns, links numbered [n] and images [image n: alt] (both
// opened by number) listed at the end, the words match finds highlighted.
// Every piece of text passes through sanitize.Terminal before it is
// styled, so the only escape sequences in the result are the styles' own.
func renderHTML(src string, width int, st Styles, match *regexp.Regexp) rendered {
	return renderLinked(src, width, st, match, false)
}

// renderLinked is renderHTML with the links' text and numbers and the
// lines of the link list made OSC 8 hyperlinks when hyperlinks is true
// (hyperlink.go).
func renderLinked(src string, width int, st Styles, match *regexp.Regexp, hyperlinks bool) rendered {
	width = max(width, 10)
	root, err := html.Parse(strings.NewReader(src))
	r := &renderer{width: width, st: st, match: match, hyperlinks: hyperlinks, marks: maxWordMarks}
	if err != nil {
		r.text(src)
	} else {
		r.walk(root)
	}
	r.flush()
	if len(r.links) > 0 {
		r.blank()
		r.out = append(r.out, st.Heading.Render("Links"))
		for i, l := range r.links {
			line := fmt.Sprintf("[%d] %s", i+1, l)
			var target weburl.URL
			if hyperlinks {
				target = r.targets[i]
			}
			for _, w := range strings.Split(ansi.Hardwrap(line, width, true), "\n") {
				r.out = append(r.out, hyperlinked(st.LinkRef.Render(w), target))
			}
		}
	}
	return rendered{lines: trimBlank(r.out), links: r.links}
}

// renderer accumulates inline text into the current block and emits
// wrapped lines when a block ends.
type renderer struct {
	width int
	st    Styles
	match *regexp.Regexp
	// marks is how many more words the article's highlight rules may
	// mark (maxWordMarks per article).
	marks  int
	out    []string
	inline strings.Builder
	links  []string
	// block context
	prefix    []string   // quote bars and list indents
	listMarks []listMark // markers waiting for their item's first line
	pre       int        // inside <pre>
	heading   int        // inside <hN>
	list      []int      // per open list: -1 bullet, else next number
	// hyperlinks marks the links' text for OSC 8 (spans), but in <pre>
	// and table cells, which are laid out without the marks.
	hyperlinks bool
	spans      spans
	targets    []weburl.URL // each link's address as linkTarget makes it
	inLink     int          // inside an <a> being marked
	inCell     int          // inside a table cell's text
}

func (r *renderer) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		r.text(n.Data)
		return
	case html.ElementNode:
		if r.element(n) {
			return
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.walk(c)
	}
}

// element handles one element; it returns true when it walked the
// children itself.
func (r *renderer) element(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Head, atom.Title:
		return true
	case atom.Br:
		r.inline.WriteString("\n")
	case atom.Img:
		r.image(n)
	case atom.A:
		r.link(n)
		return true
	case atom.Table:
		r.table(n)
		return true
	case atom.P, atom.Div, atom.Section, atom.Article, atom.Figure, atom.Figcaption, atom.Dl, atom.Dt, atom.Dd:
		r.block(n, nil)
		return true
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		r.headingBlock(n)
		return true
	case atom.Blockquote:
		r.block(n, []string{"│ "})
		return true
	case atom.Ul, atom.Ol:
		r.listBlock(n)
		return true
	case atom.Li:
		r.item(n)
		return true
	case atom.Pre:
		r.preBlock(n)
		return true
	case atom.Hr:
		r.flush()
		r.blank()
		r.out = append(r.out, r.st.Faint.Render(strings.Repeat("─", min(r.width, 40))))
		r.blank()
	}
	return false
}

func (r *renderer) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.walk(c)
	}
}

func (r *renderer) block(n *html.Node, prefix []string) {
	r.flush()
	r.prefix = append(r.prefix, prefix...)
	r.children(n)
	r.flush()
	r.prefix = r.prefix[:len(r.prefix)-len(prefix)]
	r.blank()
}

func (r *renderer) headingBlock(n *html.Node) {
	r.flush()
	r.blank()
	level := int(n.Data[1] - '0')
	r.inline.WriteString(strings.Repeat("#", level) + " ")
	r.heading++
	r.children(n)
	r.flush()
	r.heading--
	r.blank()
}

func (r *renderer) listBlock(n *html.Node) {
	r.flush()
	r.markLine()
	next := -1
	if n.DataAtom == atom.Ol {
		next = 1
	}
	r.list = append(r.list, next)
	r.children(n)
	r.flush()
	r.list = r.list[:len(r.list)-1]
	if len(r.list) == 0 {
		r.blank()
	}
}

// listMark is a list item's marker, drawn on the item's first line in
// place of the indent at prefix[depth] that its other lines carry.
type listMark struct {
	depth int
	text  string
}

// bullets are the markers of unordered lists, by nesting level.
var bullets = []string{"• ", "◦ ", "▪ "}

func (r *renderer) item(n *html.Node) {
	r.flush()
	marker := bullets[0]
	if d := len(r.list) - 1; d >= 0 && r.list[d] > 0 {
		marker = fmt.Sprintf("%d. ", r.list[d])
		r.list[d]++
	} else if d >= 0 {
		marker = bullets[r.bulletLevel()%len(bullets)]
	}
	depth := len(r.prefix)
	r.prefix = append(r.prefix, strings.Repeat(" ", ansi.StringWidth(marker)))
	r.listMarks = append(r.listMarks, listMark{depth: depth, text: marker})
	r.children(n)
	r.flush()
	r.markLine()
	r.prefix = r.prefix[:depth]
}

// bulletLevel counts the unordered lists around the innermost one, so
// that each level of bullets has its own marker.
func (r *renderer) bulletLevel() int {
	level := 0
	for _, l := range r.list[:len(r.list)-1] {
		if l < 0 {
			level++
		}
	}
	return level
}

// lead is the prefix of the next line: the pending list markers in place
// of their indents, which it uses up, so later lines get only indents.
func (r *renderer) lead() string {
	if len(r.listMarks) == 0 {
		return strings.Join(r.prefix, "")
	}
	parts := append([]string(nil), r.prefix...)
	for _, m := range r.listMarks {
		if m.depth < len(parts) {
			parts[m.depth] = m.text
		}
	}
	r.listMarks = r.listMarks[:0]
	return strings.Join(parts, "")
}

// markLine draws the pending markers on a line of their own: an item
// whose content starts with a list, or has no text at all.
func (r *renderer) markLine() {
	if len(r.listMarks) > 0 {
		r.out = append(r.out, strings.TrimRight(r.lead(), " "))
	}
}

func (r *renderer) preBlock(n *html.Node) {
	r.flush()
	r.pre++
	r.children(n)
	r.pre--
	code := sanitize.Terminal(r.inline.String())
	r.inline.Reset()
	indent := strings.Join(r.prefix, "") + "    "
	for _, line := range strings.Split(strings.TrimRight(code, "\n"), "\n") {
		line = strings.ReplaceAll(line, "\t", "    ")
		for _, row := range codeRows(line, max(r.width-ansi.StringWidth(indent), 2)) {
			lead := indent
			if len(r.listMarks) > 0 {
				lead = r.lead() + "    "
			}
			r.out = append(r.out, lead+r.st.Code.Render(row))
		}
	}
	r.blank()
}

// codeRows cuts a line of code into rows of width columns. Code keeps its
// columns, so a row breaks at the edge, mid-word if it must, and says so:
// every row but the last ends in glyphWrap, in the last column.
func codeRows(line string, width int) []string {
	if ansi.StringWidth(line) <= width {
		return []string{line}
	}
	rows := strings.Split(ansi.Hardwrap(line, width-1, true), "\n")
	for i := range rows[:len(rows)-1] {
		rows[i] += glyphWrap
	}
	return rows
}

// image is [image n: alt], n the number that opens it (as newsboat
// numbers them); an image without an address is [image: alt].
func (r *renderer) image(n *html.Node) {
	label := "image"
	if src := attr(n, "src"); src != "" && !strings.HasPrefix(src, "data:") {
		r.links = append(r.links, sanitize.Terminal(src))
		r.targets = append(r.targets, linkTarget(src))
		label = fmt.Sprintf("image %d", len(r.links))
	}
	if alt := strings.Join(strings.Fields(sanitize.Terminal(attr(n, "alt"))), " "); alt != "" {
		label += ": " + alt
	}
	r.inline.WriteString(" [" + label + "] ")
}

func (r *renderer) link(n *html.Node) {
	href := attr(n, "href")
	if href == "" || strings.HasPrefix(href, "#") {
		r.children(n)
		return
	}
	mark := r.hyperlinks && r.inLink == 0 && r.pre == 0 && r.inCell == 0
	if mark {
		r.inline.WriteString(r.spans.add(linkTarget(href)))
		r.inLink++
	}
	r.children(n)
	r.links = append(r.links, sanitize.Terminal(href))
	r.targets = append(r.targets, linkTarget(href))
	r.inline.WriteString(fmt.Sprintf("[%d]", len(r.links)))
	if mark {
		r.inLink--
		r.inline.WriteString(markEnd)
	}
}

// text adds a text node, without a control (sanitize.Terminal): source
// line breaks are spaces except in <pre>.
func (r *renderer) text(s string) {
	s = sanitize.Terminal(s)
	if r.pre == 0 {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	r.inline.WriteString(s)
}

// flush wraps and emits the pending inline text as one paragraph; its
// first line carries the pending list markers.
func (r *renderer) flush() {
	raw := r.inline.String()
	r.inline.Reset()
	var paras []string
	for _, p := range strings.Split(cleanKeepingMarks(raw), "\n") {
		paras = append(paras, strings.Join(strings.Fields(p), " "))
	}
	if strings.TrimSpace(strings.Join(paras, "")) == "" {
		return
	}
	prefix := strings.Join(r.prefix, "")
	first := r.lead()
	w := max(r.width-ansi.StringWidth(prefix), 8)
	style := r.st.Text
	if r.heading > 0 {
		style = r.st.Heading
	} else if strings.Contains(prefix, "│") {
		style = r.st.Quote
	}
	lineNo := 0
	for _, p := range paras {
		for _, line := range strings.Split(ansi.Wrap(p, w, ""), "\n") {
			lead := prefix
			if lineNo == 0 {
				lead = first
			}
			r.out = append(r.out, lead+r.spans.line(paint(line, style, r.st.Words, &r.marks, r.match, r.st.Match)))
			lineNo++
		}
	}
}

// blank adds one empty line unless the last line is already empty.
func (r *renderer) blank() {
	if len(r.out) > 0 && r.out[len(r.out)-1] != "" {
		r.out = append(r.out, "")
	}
}

func trimBlank(lines []string) []string {
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return lines
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}
