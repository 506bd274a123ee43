package sanitize

import (
	"strings"

	"golang.org/x/net/html"
)

// policyFast is policy.Sanitize(s) computed without running the policy's
// tokenizer over the whole fragment, for the fragments made of plain text
// and simple tags (see [simpleTag]), which is what most feed content is.
// It reports false, having done nothing useful, for anything else (an
// element whose content the policy skips or the tokenizer reads as raw
// text, a '<' that starts no simple tag, a control, an unquoted attribute
// value, a tag the policy would drop whole but keep its end tag), and the
// caller runs the policy.
//
// bluemonday stays the sanitizer of record. It writes a fragment token by
// token, each token's output depending only on the token and on state
// that such a fragment never changes (content skipping starts only at an
// element of its skip list, end tags are skipped only after a start tag of
// an allowed element it dropped, script and style text is only ever the
// content of a whole script or style element), so its output is the
// concatenation of what it writes for each token alone:
//
//   - text: the tokenizer's text (references decoded) escaped again,
//     html.EscapeString(html.UnescapeString(text)), as Token.String does;
//   - a tag without attributes of an allowed element: the policy's output
//     for it, looked up in [tagTable], built once by running the policy
//     on each such tag;
//   - a start tag with attributes of an allowed element: the policy's
//     output for it, by the policy's own rules for the common ones
//     ([fastAttrTag]), else from one policy run over all the others in s
//     (each distinct tag once), cut at each '<' (the policy escapes '<' in
//     values, so each output tag holds one). Should any of them come out
//     empty (a link whose href went), the policy would skip its end tag:
//     policyFast gives up;
//   - a comment, a tag of an element the policy removes, a whole script or
//     style element: nothing.
//
// The pieces it accepts are a strict subset of what the HTML tokenizer
// reads as one token, so cutting s where it does gives the tokenizer's
// tokens. FuzzPolicyFast checks the equality against the policy on random
// input, and TestPolicyFastMatchesPolicy on every corpus input.
func policyFast(s string) (string, bool) {
	var f fastWriter
	f.b.Grow(len(s) + len(s)/8)
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			j = len(s) - i
		}
		if !f.text(s[i : i+j]) {
			return "", false
		}
		i += j
		if i == len(s) {
			break
		}
		n, kind, out := simpleTag(s[i:])
		if kind == tagNone {
			return "", false
		}
		f.tag(s[i:i+n], kind, out)
		i += n
	}
	return f.finish(s)
}

// fastWriter collects the output of [policyFast]: text and the policy's
// output for tags without attributes in b, and where each tag with
// attributes goes.
type fastWriter struct {
	b     strings.Builder
	parts []fastPart // where the tags with attributes go in b
	tags  []string   // distinct tags with attributes, in order of appearance
	index map[string]int
	memo  map[string]string // the output of the tags fastAttrTag wrote
}

// fastPart is the place of a tag with attributes in the output: its
// byte offset in b and its index in tags.
type fastPart struct {
	at  int
	tag int
}

// text writes the text t as the policy would: decoded, then escaped;
// false when it holds a control [plainBytes] refuses.
func (f *fastWriter) text(t string) bool {
	plain, escaped := scanText(t)
	if !plain {
		return false
	}
	if !escaped {
		f.b.WriteString(t)
		return true
	}
	if strings.IndexByte(t, '&') >= 0 {
		t = html.UnescapeString(t)
	}
	writeEscaped(&f.b, t)
	return true
}

// writeEscaped writes s to b escaped as html.EscapeString escapes it,
// without making the escaped string first.
func writeEscaped(b *strings.Builder, s string) {
	for {
		i := strings.IndexAny(s, "&'<>\"\r")
		if i < 0 {
			b.WriteString(s)
			return
		}
		b.WriteString(s[:i])
		switch s[i] {
		case '&':
			b.WriteString("&amp;")
		case '\'':
			b.WriteString("&#39;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\r':
			b.WriteString("&#13;")
		}
		s = s[i+1:]
	}
}

// tag writes the policy's output for the simple tag t of the given kind
// (out for a bare tag, nothing for one that is gone), or records where it
// goes.
func (f *fastWriter) tag(t string, kind tagKind, out string) {
	switch kind {
	case tagNone, tagGone:
		return
	case tagBare:
		f.b.WriteString(out)
		return
	}
	if out, ok := f.memo[t]; ok {
		f.b.WriteString(out)
		return
	}
	start := f.b.Len()
	if fastAttrTag(&f.b, t) {
		if f.memo == nil {
			f.memo = make(map[string]string)
		}
		f.memo[t] = f.b.String()[start:]
		return
	}
	k, seen := f.index[t]
	if !seen {
		if f.index == nil {
			f.index = make(map[string]int)
		}
		k = len(f.tags)
		f.index[t] = k
		f.tags = append(f.tags, t)
	}
	f.parts = append(f.parts, fastPart{at: f.b.Len(), tag: k})
}

// finish runs the policy over the tags with attributes and assembles the
// output; false when a tag's output is empty.
func (f *fastWriter) finish(s string) (string, bool) {
	if len(f.tags) == 0 {
		return f.b.String(), true
	}
	outs, ok := policyTags(f.tags)
	if !ok {
		return "", false
	}
	text := f.b.String()
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	from := 0
	for _, p := range f.parts {
		b.WriteString(text[from:p.at])
		b.WriteString(outs[p.tag])
		from = p.at
	}
	b.WriteString(text[from:])
	return b.String(), true
}

// policyTags returns the policy's output for each of tags, run once over
// all of them; false unless each gives exactly one tag.
func policyTags(tags []string) ([]string, bool) {
	var in strings.Builder
	for _, t := range tags {
		in.WriteString(t)
	}
	out := policySanitize(in.String())
	outs := make([]string, 0, len(tags))
	for out != "" {
		if out[0] != '<' {
			return nil, false
		}
		n := strings.IndexByte(out[1:], '<') + 1
		if n == 0 {
			n = len(out)
		}
		outs = append(outs, out[:n])
		out = out[n:]
	}
	return outs, len(outs) == len(tags)
}

// plainBytes reports whether t holds no byte the fast path leaves to the
// policy: controls other than tab and newline (CR would be converted by
// the tokenizer; the others are removed before the policy anyway).
func plainBytes(t string) bool {
	plain, _ := scanText(t)
	return plain
}

// scanText reports whether t is [plainBytes] and whether it holds a byte
// that decoding or escaping may change: '&', quotes or '>'.
func scanText(t string) (plain, escaped bool) {
	var seen byte
	for i := 0; i < len(t); i++ {
		seen |= textClass[t[i]]
	}
	return seen&classControl == 0, seen&classEscaped != 0
}

// The classes of a byte of text, for [scanText].
const (
	classEscaped = 1 << iota // '&', quotes, '>'
	classControl             // a control but tab and newline
)

// textClass maps each byte to its classes. It is built once and only
// read afterwards.
var textClass = newTextClass()

// newTextClass builds [textClass].
func newTextClass() [256]byte {
	var c [256]byte
	for b := range 0x20 {
		c[b] = classControl
	}
	c['\t'], c['\n'], c[0x7f] = 0, 0, classControl
	for _, b := range []byte("&'\">") {
		c[b] = classEscaped
	}
	return c
}
