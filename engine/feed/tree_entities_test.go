package feed

import (
	"encoding/xml"
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
