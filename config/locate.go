package config

import (
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// location records where a key is written in the document and what kind of
// value it was given.
type location struct {
	line    int           // line of the key's first part, 1-based
	keyOff  int           // byte offset of the key's first part
	span    [2]int        // byte range of the whole "key = value" (empty for headers)
	kind    unstable.Kind // value kind; Table or ArrayTable for headers
	strings bool          // kind is Array and every element is a String
}

// locator maps dotted keys (as produced by formatKey) to their position in a
// TOML document. It walks go-toml's AST, tracking the current table header, so
// that dotted keys, table headers and inline tables all resolve to the same
// full key.
type locator struct {
	keys       map[string]location
	lineStarts []int // byte offset of each line
	// indexed maps the keys of arrays of tables, with the table's index
	// ("highlight[1]", "highlight[1].color"), to their lines.
	indexed map[string]int
}

// locate parses doc. Documents with a syntax error yield the keys found
// before the error.
func locate(doc []byte) *locator {
	l := &locator{keys: make(map[string]location), lineStarts: []int{0}, indexed: map[string]int{}}
	for i, c := range doc {
		if c == '\n' {
			l.lineStarts = append(l.lineStarts, i+1)
		}
	}
	var p unstable.Parser
	p.Reset(doc)
	var table []string
	counts, index := map[string]int{}, ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyParts(e.Key())
			l.add(&p, table, e, e.Kind, false)
			index = ""
			if e.Kind == unstable.ArrayTable {
				name := formatKey(table)
				index = name + "[" + strconv.Itoa(counts[name]) + "]"
				counts[name]++
				l.addIndexed(&p, index, e)
			}
		case unstable.KeyValue:
			l.addKeyValue(&p, table, e)
			if index != "" {
				l.addIndexed(&p, index+"."+formatKey(keyParts(e.Key())), e)
			}
		}
	}
	return l
}

// addIndexed records the line of a key of an array of tables under its
// indexed name.
func (l *locator) addIndexed(p *unstable.Parser, key string, node *unstable.Node) {
	if first := firstKeyNode(node); first != nil {
		l.indexed[key] = p.Shape(first.Raw).Start.Line
	}
}

// nearestLine returns the line of key, else of the nearest table that
// holds it ("highlight[1]" for a "highlight[1].color" not written), or 0.
func (l *locator) nearestLine(key string) int {
	for {
		if n := l.line(key); n > 0 {
			return n
		}
		if n := l.indexed[key]; n > 0 {
			return n
		}
		i := strings.LastIndexAny(key, ".[")
		if i <= 0 {
			return 0
		}
		key = key[:i]
	}
}

// addKeyValue records a key-value expression (and, for inline tables, its
// members) under the key prefix.
func (l *locator) addKeyValue(p *unstable.Parser, prefix []string, kv *unstable.Node) {
	full := append(append([]string(nil), prefix...), keyParts(kv.Key())...)
	v := kv.Value()
	l.add(p, full, kv, v.Kind, v.Kind == unstable.Array && allStrings(v))
	if v.Kind != unstable.InlineTable {
		return
	}
	it := v.Children()
	for it.Next() {
		if c := it.Node(); c.Kind == unstable.KeyValue {
			l.addKeyValue(p, full, c)
		}
	}
}

// add records the key of node (a KeyValue, Table or ArrayTable). The first
// occurrence wins (duplicates are a syntax error anyway).
func (l *locator) add(p *unstable.Parser, parts []string, node *unstable.Node, kind unstable.Kind, strs bool) {
	k := formatKey(parts)
	first := firstKeyNode(node)
	if _, dup := l.keys[k]; dup || first == nil {
		return
	}
	loc := location{
		line:    p.Shape(first.Raw).Start.Line,
		keyOff:  int(first.Raw.Offset),
		kind:    kind,
		strings: strs,
	}
	if node.Kind == unstable.KeyValue {
		loc.span = [2]int{int(node.Raw.Offset), int(node.Raw.Offset + node.Raw.Length)}
	}
	l.keys[k] = loc
}

// line returns the line of key, or 0 when the document does not set it.
func (l *locator) line(key string) int {
	return l.keys[key].line
}

// has reports whether the document sets key.
func (l *locator) has(key string) bool {
	_, ok := l.keys[key]
	return ok
}

// keyAt returns the key written at a 1-based line and byte column: the key
// starting exactly there, else the innermost key-value containing it.
func (l *locator) keyAt(line, col int) (string, bool) {
	if line < 1 || line > len(l.lineStarts) {
		return "", false
	}
	off := l.lineStarts[line-1] + col - 1
	best, bestLen := "", -1
	for k, loc := range l.keys {
		if loc.keyOff == off {
			return k, true
		}
		if n := loc.span[1] - loc.span[0]; off >= loc.span[0] && off < loc.span[1] && (bestLen < 0 || n < bestLen) {
			best, bestLen = k, n
		}
	}
	return best, bestLen >= 0
}

// keyParts collects the decoded parts of a (possibly dotted) key.
func keyParts(it unstable.Iterator) []string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return parts
}

// firstKeyNode returns the first part of the key of a KeyValue, Table or
// ArrayTable node.
func firstKeyNode(n *unstable.Node) *unstable.Node {
	it := n.Key()
	if !it.Next() {
		return nil
	}
	return it.Node()
}

// allStrings reports whether every element of an array node is a string.
func allStrings(arr *unstable.Node) bool {
	it := arr.Children()
	for it.Next() {
		if k := it.Node().Kind; k != unstable.String && k != unstable.Comment {
			return false
		}
	}
	return true
}
