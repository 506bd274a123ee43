package feed

import (
	"strings"
	"testing"
)

// One character reference to a control character ("&#8;", "&#x1F;",
// "&#0;", "&#27;") made encoding/xml refuse the whole feed ("illegal
// character code U+0008"), while a raw control byte was dropped: such a
// reference reads as nothing, in text and attributes, and the text kept
// has no control.
func TestControlCharacterReferencesReadAsNothing(t *testing.T) {
	body := `<?xml version="1.0"?><rss version="2.0"><channel><title>Ch&#0;an&#27;nel</title>
		<item><title>Back&#8;space &#x1F;unit&#xFFFE;</title><link>http://example.com/a&#x1b;</link>
		<description><![CDATA[kept &#8; as written]]></description><guid isPermaLink="false">g&#1;1</guid></item>
		</channel></rss>`
	doc, err := Parse(strings.NewReader(body))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if doc.Title != "Channel" {
		t.Errorf("feed title %q, want %q", doc.Title, "Channel")
	}
	if len(doc.Items) != 1 {
		t.Fatalf("%d items", len(doc.Items))
	}
	it := doc.Items[0]
	if it.Title != "Backspace unit" || it.Link != "http://example.com/a" || it.GUID != "g1" {
		t.Errorf("item title %q link %q guid %q", it.Title, it.Link, it.GUID)
	}
	if !strings.Contains(it.Content, "kept &amp;#8; as written") && !strings.Contains(it.Content, "kept &#8; as written") {
		t.Errorf("CDATA changed: %q", it.Content)
	}
}

// The documents once refused for a reference to ESC, BEL or NUL are read,
// and no text of theirs holds a control.
func TestEscapeReferencesLeaveNoControl(t *testing.T) {
	for name, body := range map[string]string{
		"escape char ref": rss20With(``, `<description>red &#27;[31m alert</description>`),
		"escape in atom":  `<feed xmlns="http://www.w3.org/2005/Atom"><title>a&#x1b;]52;c;ZWNobyBoaQ==&#7;</title></feed>`,
		"nul ref":         rss20With(``, `<title>&#0;</title>`),
	} {
		doc, err := Parse(strings.NewReader(body))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		texts := []string{doc.Title}
		for _, it := range doc.Items {
			texts = append(texts, it.Title, it.Content, it.Summary)
		}
		for _, s := range texts {
			if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' && r != '\n' && r != '\r' }) {
				t.Errorf("%s: %q holds a control", name, s)
			}
		}
	}
}

func TestDropControlRefs(t *testing.T) {
	tests := map[string]string{
		`<a>x</a>`:                                               `<a>x</a>`,
		`<a t="1&#8;2">a&#0;b&#x1f;c&#x1F;d</a>`:                 `<a t="12">abcd</a>`,
		`<a>&#9;&#10;&#13;&#32;&#xFFFD;</a>`:                     `<a>&#9;&#10;&#13;&#32;&#xFFFD;</a>`,
		`<a>&#X1F;&#8&#;&#x;&#99999999999;</a>`:                  `<a>&#X1F;&#8&#;&#x;&#99999999999;</a>`,
		`<a><!-- &#8; --><![CDATA[&#8;]]><?p &#8;?>&#xFFFF;</a>`: `<a><!-- &#8; --><![CDATA[&#8;]]><?p &#8;?></a>`,
		`<!DOCTYPE a [<!ENTITY e "&#8;">]><a>&#8;</a>`:           `<!DOCTYPE a [<!ENTITY e "&#8;">]><a></a>`,
	}
	for in, want := range tests {
		if got := string(dropControlRefs([]byte(in))); got != want {
			t.Errorf("dropControlRefs(%q) = %q, want %q", in, got, want)
		}
	}
}
