package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/tidings-rss/tidings/engine/fetch"
)

// TestBodyHashIsComputedOncePerResponse checks that the body's hash is
// the sha256 of the current response's body, kept while the response
// stays and recomputed when an XML redirect replaces the response.
func TestBodyHashIsComputedOncePerResponse(t *testing.T) {
	want := func(b string) string {
		sum := sha256.Sum256([]byte(b))
		return hex.EncodeToString(sum[:])
	}
	first := &fetch.Response{Body: []byte("<rss>first</rss>")}
	d := &download{resp: first}
	if got := d.bodyHash(); got != want("<rss>first</rss>") {
		t.Fatalf("bodyHash = %s, want the sha256 of the first body", got)
	}
	first.Body = []byte("changed behind its back")
	if got := d.bodyHash(); got != want("<rss>first</rss>") {
		t.Errorf("bodyHash of the same response = %s, want the hash computed before", got)
	}
	d.resp = &fetch.Response{Body: []byte("<rss>second</rss>")}
	if got := d.bodyHash(); got != want("<rss>second</rss>") {
		t.Errorf("bodyHash after a new response = %s, want the sha256 of the new body", got)
	}
}
