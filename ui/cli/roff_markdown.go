package cli

import "strings"

// The manual's markdown is a small subset, read line by line:
//
//	# Heading (to ######)
//	a paragraph, its lines joined
//	```                          a fenced code block, shown as it is
//	    an indented code block (after a blank line)
//	- a bullet item
//	**term**                     a term, then its definition
//	: definition
//
// and, in the text of headings, paragraphs, items, terms and definitions,
// `code`, **strong**, *emphasis* or _emphasis_, and backslash escapes.
// Anything else is text.

// blockKind is the kind of a markdown block.
type blockKind int

// The kinds of block.
const (
	blockHeading blockKind = iota + 1
	blockParagraph
	blockCode
	blockBullets
	blockTerms
)

// mdBlock is one block of markdown. text holds a heading's or a
// paragraph's text, a code block's lines, a list's items, or terms and
// their definitions in turn.
type mdBlock struct {
	kind  blockKind
	level int
	text  []string
}

// mdParser reads markdown into blocks.
type mdParser struct {
	lines  []string
	i      int
	para   []string
	blocks []mdBlock
}

// parseMarkdown reads md into blocks.
func parseMarkdown(md string) []mdBlock {
	p := &mdParser{lines: strings.Split(strings.TrimSuffix(md, "\n"), "\n")}
	for p.i < len(p.lines) {
		p.line()
	}
	p.endParagraph()
	return p.blocks
}

// line reads the block that starts at the current line, or adds the line
// to the paragraph being read.
func (p *mdParser) line() {
	line := p.lines[p.i]
	switch {
	case strings.TrimSpace(line) == "":
		p.endParagraph()
		p.i++
	case strings.HasPrefix(line, "```"):
		p.endParagraph()
		p.fence()
	case headingLevel(line) > 0:
		p.endParagraph()
		level := headingLevel(line)
		p.add(mdBlock{kind: blockHeading, level: level, text: []string{strings.TrimSpace(line[level:])}})
		p.i++
	case len(p.para) == 0 && codeIndent(line) > 0:
		p.indented()
	case strings.HasPrefix(line, "- "):
		p.endParagraph()
		p.item(blockBullets, strings.TrimPrefix(line, "- "))
	case strings.HasPrefix(line, ": ") && len(p.para) > 0:
		term := strings.Join(p.para, "\n")
		p.para = nil
		p.item(blockTerms, term, strings.TrimPrefix(line, ": "))
	default:
		p.para = append(p.para, strings.TrimSpace(line))
		p.i++
	}
}

// add appends a block, joining a list to the list of its kind just
// before it.
func (p *mdParser) add(b mdBlock) {
	if n := len(p.blocks); n > 0 && (b.kind == blockBullets || b.kind == blockTerms) && p.blocks[n-1].kind == b.kind {
		p.blocks[n-1].text = append(p.blocks[n-1].text, b.text...)
		return
	}
	p.blocks = append(p.blocks, b)
}

// endParagraph adds the paragraph being read, if any.
func (p *mdParser) endParagraph() {
	if len(p.para) > 0 {
		p.blocks = append(p.blocks, mdBlock{kind: blockParagraph, text: []string{strings.Join(p.para, "\n")}})
		p.para = nil
	}
}

// fence reads a fenced code block, up to its closing fence or the end.
func (p *mdParser) fence() {
	var code []string
	for p.i++; p.i < len(p.lines) && !strings.HasPrefix(p.lines[p.i], "```"); p.i++ {
		code = append(code, p.lines[p.i])
	}
	p.i++
	p.blocks = append(p.blocks, mdBlock{kind: blockCode, text: code})
}

// indented reads an indented code block: its lines, and the blank lines
// between them, without their indentation.
func (p *mdParser) indented() {
	var code []string
	for ; p.i < len(p.lines); p.i++ {
		line := p.lines[p.i]
		if n := codeIndent(line); n > 0 {
			code = append(code, line[n:])
		} else if strings.TrimSpace(line) == "" {
			code = append(code, "")
		} else {
			break
		}
	}
	for len(code) > 0 && code[len(code)-1] == "" {
		code = code[:len(code)-1]
	}
	p.blocks = append(p.blocks, mdBlock{kind: blockCode, text: code})
}

// item reads a list item, whose text is its first line and the lines that
// follow up to a blank line or another block. A term comes with its
// definition.
func (p *mdParser) item(kind blockKind, text ...string) {
	last := &text[len(text)-1]
	for p.i++; p.i < len(p.lines); p.i++ {
		line := p.lines[p.i]
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "```") || headingLevel(line) > 0 ||
			strings.HasPrefix(line, "- ") || strings.HasPrefix(line, ": ") {
			break
		}
		*last += "\n" + strings.TrimSpace(line)
	}
	p.add(mdBlock{kind: kind, text: text})
}

// headingLevel is the level of a heading line ("## Title" is 2), or 0.
func headingLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(line) && line[n] != ' ') {
		return 0
	}
	return n
}

// codeIndent is the indentation that makes a line code (four spaces or a
// tab), or 0.
func codeIndent(line string) int {
	switch {
	case strings.HasPrefix(line, "\t"):
		return 1
	case strings.HasPrefix(line, "    ") && strings.TrimSpace(line) != "":
		return 4
	}
	return 0
}
