package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An OPML file whose xmlUrl holds a newline (to forge a line of tidings'
// own output), another scheme or a bidi override imports its good feeds;
// each bad outline is one notice, and nothing it carried is stored or
// printed.
func TestImportedAddressesCannotForgeOutputOrReachTheStore(t *testing.T) {
	u := newUser(t)
	path := filepath.Join(u.home, "subs.opml")
	opmlDoc := `<?xml version="1.0"?><opml version="2.0"><body>
<outline text="forged" xmlUrl="http://127.0.0.1/a&#10;tidings: every feed was removed"/>
<outline text="passwd" xmlUrl="file:///etc/passwd"/>
<outline text="rlo" xmlUrl="http://127.0.0.1/&#x202E;lmx.exe"/>
<outline text="good" xmlUrl="http://127.0.0.1/good.xml"/>
</body></opml>`
	if err := os.WriteFile(path, []byte(opmlDoc), 0o600); err != nil {
		t.Fatal(err)
	}
	r := u.run("import", path)
	if r.code != 0 {
		t.Fatalf("import: exit %d, stderr %q", r.code, r.stderr)
	}
	out := r.stdout + r.stderr
	if strings.Contains(out, "\ntidings: every feed was removed") || strings.HasPrefix(out, "tidings: every feed") {
		t.Fatalf("an imported address forged an output line:\n%s", out)
	}
	if strings.ContainsRune(out, '\u202e') {
		t.Fatalf("a bidi override reached the output: %q", out)
	}
	feeds := u.ok("feeds")
	if !strings.Contains(feeds, "http://127.0.0.1/good.xml") || strings.Contains(feeds, "passwd") || strings.Count(feeds, "127.0.0.1") != 1 {
		t.Fatalf("stored feeds:\n%s", feeds)
	}
}

// tidings add refuses an address with a control or another scheme in one
// line, exit status 1, storing nothing.
func TestAddRefusesAddressesThatAreNotWebAddresses(t *testing.T) {
	u := newUser(t)
	for _, raw := range []string{"file:///etc/passwd", "http://127.0.0.1/\u202egpj.exe", "http://127.0.0.1/a\nb", "http://127.0.0.1/\x9b2J"} {
		r := u.run("add", raw)
		if r.code != 1 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Fatalf("add %q: exit %d, stderr %q; want exit 1 and one line", raw, r.code, r.stderr)
		}
		if strings.ContainsAny(r.stderr, "\u202e\x9b") {
			t.Fatalf("add %q: the refused address reached stderr raw: %q", raw, r.stderr)
		}
	}
	if feeds := u.ok("feeds"); strings.Contains(feeds, "127.0.0.1") || strings.Contains(feeds, "passwd") {
		t.Fatalf("a refused address was stored:\n%s", feeds)
	}
}

// An import from a file without end (or one far larger than any
// subscription list) ends in one line, importing nothing.
func TestImportOfAnEndlessFileEndsInOneLine(t *testing.T) {
	u := newUser(t)
	big := filepath.Join(u.home, "big.opml")
	if err := os.WriteFile(big, []byte("<opml>"+strings.Repeat(" ", maxListBytes)+"</opml>"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"import", "/dev/zero"}, {"import", big}} {
		r, _ := runWithin(u, time.Minute, args...)
		if r.code == 0 || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, "larger than") {
			t.Fatalf("%v: exit %d, stderr %q; want one line saying it is too large", args, r.code, r.stderr)
		}
	}
	if feeds := u.ok("feeds", "--json"); strings.TrimSpace(feeds) != "[]" {
		t.Fatalf("feeds after refused imports: %s", feeds)
	}
}
