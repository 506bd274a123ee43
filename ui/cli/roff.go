package cli

import (
	"io"
	"strings"
)

// tidings writes its manual page itself: roff for the few markdown
// constructs manual.md and the generated sections use (roff_markdown.go).
// A general markdown converter (cobra/doc's go-md2man over blackfriday)
// cost three modules and 230 KB of the binary's text and data, which the
// reader keeps resident.

// roffRequests are the requests the writer emits, each alone at the start
// of its line. No other line of a page starts with "." or "'": a text line
// that would is escaped with \&, so no text can make a request.
var roffRequests = []string{".nh", ".TH", ".SH", ".SS", ".PP", ".TP", ".IP", ".EX", ".EE"}

// manHeader is what a page's .TH line says.
type manHeader struct {
	title, section, date, source, manual string
}

// writeRoff writes a manual page: hyphenation off, the .TH line of h, a
// NAME section "name \- summary", then body converted from markdown (see
// [roffBlocks]).
func writeRoff(w io.Writer, h manHeader, name, summary, body string) error {
	var b strings.Builder
	b.WriteString(".nh\n.TH")
	for _, f := range []string{h.title, h.section, h.date, h.source, h.manual} {
		b.WriteString(` "` + roffArg(f) + `"`)
	}
	b.WriteString("\n\n.SH NAME\n" + roffLines(roffText(name)+` \- `+roffText(summary)) + "\n")
	roffBlocks(&b, parseMarkdown(body))
	_, err := io.WriteString(w, b.String())
	return err
}

// roffBlocks writes blocks as roff: "#" and "##" headings as .SH, deeper
// ones as .SS, paragraphs after .PP, code blocks between .EX and .EE,
// bullet items after .IP \(bu, terms and their definitions after .TP. The
// blank lines are where go-md2man put them, so the page looks as it did
// when that converter wrote it (a blank line is the space before a code
// block).
func roffBlocks(b *strings.Builder, blocks []mdBlock) {
	for i, bl := range blocks {
		prev, next := blockKind(0), blockKind(0)
		if i > 0 {
			prev = blocks[i-1].kind
		}
		if i+1 < len(blocks) {
			next = blocks[i+1].kind
		}
		switch bl.kind {
		case blockHeading:
			b.WriteString(headingRequest(bl.level) + roffQuoted(roffInline(bl.text[0])))
		case blockParagraph:
			if prev == blockHeading {
				b.WriteString("\n")
			} else {
				b.WriteString("\n.PP\n")
			}
			b.WriteString(roffLines(roffInline(bl.text[0])))
			if next != blockBullets && next != blockTerms {
				b.WriteString("\n")
			}
		case blockCode:
			b.WriteString("\n.EX\n")
			for _, line := range bl.text {
				b.WriteString(roffLines(roffText(line)) + "\n")
			}
			b.WriteString(".EE\n")
		case blockBullets:
			b.WriteString("\n")
			for _, item := range bl.text {
				b.WriteString(".IP \\(bu 2\n" + roffLines(roffInline(item)) + "\n")
			}
		case blockTerms:
			for j := 0; j+1 < len(bl.text); j += 2 {
				b.WriteString("\n.TP\n" + roffLines(roffInline(bl.text[j])) + "\n" + roffLines(roffInline(bl.text[j+1])) + "\n")
			}
		}
	}
	if s := b.String(); !strings.HasSuffix(s, "\n") {
		b.WriteString("\n")
	}
}

// headingRequest starts a heading of level (1 to 6).
func headingRequest(level int) string {
	switch level {
	case 1:
		return "\n\n.SH "
	case 2:
		return "\n.SH "
	}
	return "\n.SS "
}

// roffText is text with its backslashes escaped (\e), so that none starts
// an escape sequence.
func roffText(s string) string {
	return strings.ReplaceAll(s, `\`, `\e`)
}

// roffArg is text made a macro's argument (see [roffQuoted]).
func roffArg(s string) string {
	return roffQuoted(roffText(s))
}

// roffQuoted is roff text made a macro's argument: a double quote is
// \(dq, so that none opens or closes a quoted argument, and a line break a
// space.
func roffQuoted(s string) string {
	return strings.NewReplacer(`"`, `\(dq`, "\n", " ").Replace(s)
}

// roffLines escapes, with \&, the lines of roff text that start with "."
// or "'", which roff would read as requests.
func roffLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
			lines[i] = `\&` + line
		}
	}
	return strings.Join(lines, "\n")
}
