package article

import (
	"bytes"
	"errors"
	"fmt"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The bounds of a page before readability sees it. Readability keeps the
// whole DOM and walks it several times (and scores every paragraph's
// ancestors), so its time and memory grow with the number of elements
// and their nesting: a page is measured by an HTML tokenizer, which holds
// one token at a time, and refused past these. A long news article with
// its navigation, comments and scripts is some 3,000 to 10,000 elements
// and 30 levels deep.
const (
	// MaxPageBytes is the most of a decoded page that is parsed.
	MaxPageBytes = 8 << 20
	// MaxElements is the most start tags a page may hold.
	MaxElements = 60_000
	// MaxTokens is the most tokens (tags, text runs, comments) a page may
	// hold.
	MaxTokens = 250_000
	// MaxDepth is the deepest a page may nest its elements, as a
	// tokenizer sees it (elements whose end tag HTML lets a writer leave
	// out, and void ones, are not counted open).
	MaxDepth = 256
	// maxTokenBytes is the longest single token the tokenizer buffers.
	maxTokenBytes = 1 << 20
)

// ErrTooLarge is wrapped by the error of a page past one of the bounds.
var ErrTooLarge = errors.New("page too large to extract")

// checkLimits measures a decoded page without building it and returns an
// error wrapping ErrTooLarge when it passes a bound.
func checkLimits(page []byte) error {
	if len(page) > MaxPageBytes {
		return fmt.Errorf("%w: %d bytes, at most %d", ErrTooLarge, len(page), MaxPageBytes)
	}
	z := html.NewTokenizer(bytes.NewReader(page))
	z.SetMaxBuf(maxTokenBytes)
	var open []atom.Atom // the elements open, as far as tags tell
	elements, tokens := 0, 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			if errors.Is(z.Err(), html.ErrBufferExceeded) {
				return fmt.Errorf("%w: a token longer than %d bytes", ErrTooLarge, maxTokenBytes)
			}
			return nil // io.EOF: the whole page was read
		}
		if tokens++; tokens > MaxTokens {
			return fmt.Errorf("%w: more than %d tokens", ErrTooLarge, MaxTokens)
		}
		switch tt {
		case html.StartTagToken:
			if elements++; elements > MaxElements {
				return fmt.Errorf("%w: more than %d elements", ErrTooLarge, MaxElements)
			}
			name, _ := z.TagName()
			a := atom.Lookup(name)
			if voidElements[a] || impliedEnd[a] {
				continue // <p>…<p>: the second closes the first, never nests in it
			}
			if open = append(open, a); len(open) > MaxDepth {
				return fmt.Errorf("%w: nested deeper than %d elements", ErrTooLarge, MaxDepth)
			}
		case html.SelfClosingTagToken:
			if elements++; elements > MaxElements {
				return fmt.Errorf("%w: more than %d elements", ErrTooLarge, MaxElements)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			a := atom.Lookup(name)
			for i := len(open) - 1; i >= 0; i-- { // a stray end tag closes nothing
				if open[i] == a {
					open = open[:i]
					break
				}
			}
		}
	}
}

// treeDepth is the depth of the parsed document's deepest node, found
// without recursion.
func treeDepth(root *html.Node) int {
	deepest, depth := 0, 0
	for n := root; n != nil; {
		if n.FirstChild != nil {
			n, depth = n.FirstChild, depth+1
			deepest = max(deepest, depth)
			continue
		}
		for n != nil && n.NextSibling == nil {
			n, depth = n.Parent, depth-1
			if n == root {
				return deepest
			}
		}
		if n == nil || n == root {
			return deepest
		}
		n = n.NextSibling
	}
	return deepest
}

// voidElements have no end tag and hold nothing.
var voidElements = map[atom.Atom]bool{
	atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true, atom.Hr: true,
	atom.Img: true, atom.Input: true, atom.Link: true, atom.Meta: true, atom.Source: true,
	atom.Track: true, atom.Wbr: true, atom.Param: true, atom.Keygen: true,
}

// impliedEnd are elements whose end tag a writer may leave out: the next
// one of the same name (or its container's end) closes them, so they are
// not counted open; the depth of the parsed tree is checked again.
var impliedEnd = map[atom.Atom]bool{
	atom.P: true, atom.Li: true, atom.Dt: true, atom.Dd: true, atom.Tr: true, atom.Td: true,
	atom.Th: true, atom.Option: true, atom.Optgroup: true, atom.Rt: true, atom.Rp: true,
	atom.Tbody: true, atom.Thead: true, atom.Tfoot: true, atom.Colgroup: true,
}
