package feed

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
)

// Internal entities expand, but never past a share of the document: a
// large value referenced many times (the quadratic blowup) is left as
// written instead of filling memory.
func TestInternalEntitiesExpandWithinABudget(t *testing.T) {
	small := `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY who "Ann and Bo">]>` +
		`<rss version="2.0"><channel><title>&who;</title></channel></rss>`
	doc, err := Parse(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Title != "Ann and Bo" {
		t.Errorf("title %q, want the entity expanded", doc.Title)
	}

	value := strings.Repeat("laugh", 10000) // 50 KB
	refs := strings.Repeat("&lol;", 20000)  // 1 GB once expanded
	quadratic := `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY lol "` + value + `">]>` +
		`<rss version="2.0"><channel><title>Q</title><item><title>x</title><description>` + refs +
		`</description></item></channel></rss>`
	doc, err = Parse(strings.NewReader(quadratic))
	if err != nil {
		return // refusing the document is fine too
	}
	if n := len(doc.Items[0].Content) + len(doc.Items[0].Summary); n > 4*len(quadratic) {
		t.Fatalf("the entity expanded to %d bytes from a %d-byte document", n, len(quadratic))
	}
}

// TestDeclaredEntitiesStayInTheirDocument checks that the entities one
// document declares are not added to the map every parse shares
// (xml.HTMLEntity): a later document without them leaves their references
// as written.
func TestDeclaredEntitiesStayInTheirDocument(t *testing.T) {
	before := len(xml.HTMLEntity)
	declares := `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY who "Ann">]><!DOCTYPE rss [<!ENTITY what "tea">]>` +
		`<rss version="2.0"><channel><title>&who; &what; &amp;</title></channel></rss>`
	doc, err := Parse(strings.NewReader(declares))
	if err != nil {
		t.Fatal(err)
	}
	if doc.Title != "Ann tea &" {
		t.Errorf("title %q, want both entities expanded", doc.Title)
	}
	if _, leaked := xml.HTMLEntity["who"]; leaked || len(xml.HTMLEntity) != before {
		t.Fatalf("xml.HTMLEntity went from %d to %d entries", before, len(xml.HTMLEntity))
	}
	later := `<rss version="2.0"><channel><title>&who; &eacute;</title></channel></rss>`
	doc, err = Parse(strings.NewReader(later))
	if err != nil {
		return // refusing an undeclared entity is fine too
	}
	if strings.Contains(doc.Title, "Ann") {
		t.Errorf("title %q: an entity of another document expanded", doc.Title)
	}
}

// TestEntityBudgetIsOneForTheDocument checks the two ways round the
// budget: many DOCTYPE directives, each declaring a value within a fresh
// budget, and many declarations, each counted over the whole body.
func TestEntityBudgetIsOneForTheDocument(t *testing.T) {
	t.Run("many doctypes", func(t *testing.T) {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?>`)
		value := strings.Repeat("x", 1000)
		for i := range 300 {
			fmt.Fprintf(&b, `<!DOCTYPE rss [<!ENTITY e%d "%s">]>`, i, value)
		}
		b.WriteString(`<rss version="2.0"><channel><title>D</title><item><title>x</title><description>`)
		for i := range 300 {
			fmt.Fprintf(&b, "%s", strings.Repeat(fmt.Sprintf("&e%d;", i), 300))
		}
		b.WriteString(`</description></item></channel></rss>`)
		in := b.String()
		doc, err := Parse(strings.NewReader(in))
		if err != nil {
			return // refusing the document is fine too
		}
		if n := len(doc.Items[0].Content) + len(doc.Items[0].Summary); n > 4*len(in) {
			t.Fatalf("the entities expanded to %d bytes from a %d-byte document", n, len(in))
		}
	})
	t.Run("many declarations", func(t *testing.T) {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0"?><!DOCTYPE rss [`)
		for i := range 5000 {
			fmt.Fprintf(&b, `<!ENTITY e%d "v">`, i)
		}
		b.WriteString(`]><rss version="2.0"><channel><title>&e1; &e4999;</title>`)
		b.WriteString(strings.Repeat(`<item><title>x</title><description>`+strings.Repeat("word ", 200)+`</description></item>`, 500))
		b.WriteString(`</channel></rss>`)
		doc, err := Parse(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		// The first maxEntities declarations are read, the rest are not.
		if doc.Title != "v &e4999;" {
			t.Errorf("title %q, want the first entity expanded and one past maxEntities as written", doc.Title)
		}
	})
}
