package feed

import (
	"bytes"
	"errors"
	"testing"
)

// TestEncodingPrecedence checks RFC 7303's order: a byte order mark, then
// the HTTP charset, then the XML declaration, then UTF-8.
func TestEncodingPrecedence(t *testing.T) {
	rss := func(decl, title string) []byte {
		return []byte(decl + `<rss version="2.0"><channel><title>` + title + `</title></channel></rss>`)
	}
	const latin1Decl = `<?xml version="1.0" encoding="ISO-8859-1"?>`
	tests := []struct {
		name        string
		body        []byte
		contentType string
		want        string
	}{
		{"HTTP charset, no declaration", rss(``, "caf\xe9 \x93quoted\x94"), "text/xml; charset=windows-1252", "café “quoted”"},
		{"HTTP ISO-8859-1 read as Windows-1252", rss(``, "don\x92t"), "text/xml; charset=ISO-8859-1", "don’t"},
		{"HTTP charset quoted", rss(``, "caf\xe9"), `application/rss+xml; charset="windows-1252"`, "café"},
		{"HTTP charset wins over the declaration", rss(`<?xml version="1.0" encoding="utf-8"?>`, "caf\xe9"),
			"text/xml; charset=windows-1252", "café"},
		{"declaration without HTTP charset", rss(latin1Decl, "caf\xe9"), "application/xml", "café"},
		{"declaration, no Content-Type", rss(latin1Decl, "caf\xe9"), "", "café"},
		{"UTF-8 by default", rss(``, "café"), "application/xml", "café"},
		{"BOM wins over a wrong HTTP charset", append([]byte("\xEF\xBB\xBF"), rss(``, "café")...),
			"text/xml; charset=windows-1252", "café"},
		{"unknown HTTP charset falls back to the declaration", rss(latin1Decl, "caf\xe9"), "text/xml; charset=x-bogus", "café"},
		{"stray Windows-1252 bytes in UTF-8", rss(``, "café and don\x92t"), "", "café and don’t"},
		{"C1 characters in UTF-8 demoronized", rss(``, "don\u0092t"), "", "don’t"},
		{"C1 character references demoronized", rss(``, "don&#146;t"), "", "don’t"},
		{"euc-kr by declaration", rss(`<?xml version="1.0" encoding="euc-kr"?>`, "\xb3\xe2"), "", "년"},
		{"declared UTF-16 but 8-bit", rss(`<?xml version="1.0" encoding="utf-16"?>`, "caf\xc3\xa9"), "", "café"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseWith(bytes.NewReader(tt.body), Options{ContentType: tt.contentType})
			if err != nil {
				t.Fatalf("ParseWith: %v", err)
			}
			if doc.Title != tt.want {
				t.Errorf("title = %q, want %q", doc.Title, tt.want)
			}
		})
	}
}

// TestUnknownDeclaredEncodingIsNotAFeed keeps the old contract: without a
// usable charset from HTTP, an encoding nothing knows means no root
// element can be read.
func TestUnknownDeclaredEncodingIsNotAFeed(t *testing.T) {
	body := []byte(`<?xml version="1.0" encoding="x-no-such-charset"?><rss version="2.0"><channel/></rss>`)
	if _, err := ParseWith(bytes.NewReader(body), Options{ContentType: "application/xml"}); !errors.Is(err, ErrNotAFeed) {
		t.Fatalf("err = %v, want ErrNotAFeed", err)
	}
	doc, err := ParseWith(bytes.NewReader(body), Options{ContentType: "text/xml; charset=utf-8"})
	if err != nil || doc == nil {
		t.Fatalf("with an HTTP charset: %v", err)
	}
}

// TestDeclareUTF8 checks that the declaration of a converted document
// names UTF-8, that one which already does (in any case or quotes) is left
// in place without a copy, and that encoding/xml reads each result.
func TestDeclareUTF8(t *testing.T) {
	tests := []struct {
		name, decl, want string
		copied           bool
	}{
		{"other label rewritten", `<?xml version="1.0" encoding="ISO-8859-1"?>`, `<?xml version="1.0" encoding="UTF-8"?>`, true},
		{"single-quoted label rewritten", ` <?xml version='1.0' encoding = 'utf-16'?>`, ` <?xml version='1.0' encoding = "UTF-8"?>`, true},
		{"UTF-8 kept", `<?xml version="1.0" encoding="UTF-8"?>`, `<?xml version="1.0" encoding="UTF-8"?>`, false},
		{"lower case kept", `<?xml version="1.0" encoding="utf-8"?>`, `<?xml version="1.0" encoding="utf-8"?>`, false},
		{"single quotes kept", `<?xml version='1.0' encoding='Utf-8'?>`, `<?xml version='1.0' encoding='Utf-8'?>`, false},
		{"no encoding", `<?xml version="1.0"?>`, `<?xml version="1.0"?>`, false},
		{"no declaration", ``, ``, false},
	}
	const rest = `<rss version="2.0"><channel><title>café</title></channel></rss>`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.decl + rest)
			out := declareUTF8(in)
			if string(out) != tt.want+rest {
				t.Fatalf("declareUTF8 = %q, want %q", out, tt.want+rest)
			}
			if copied := &out[0] != &in[0]; copied != tt.copied {
				t.Errorf("copied = %v, want %v", copied, tt.copied)
			}
			root, err := parseTree(out, nil)
			if err != nil || root == nil {
				t.Fatalf("parseTree: %v", err)
			}
		})
	}
}
