package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportRefusesTheLiveDatabaseAsACache gives import tidings' own
// database as the newsboat cache, through a symbolic link: it is refused
// in one line before anything is read or written.
func TestImportRefusesTheLiveDatabaseAsACache(t *testing.T) {
	u := newUser(t)
	u.ok("feeds") // creates the database
	link := filepath.Join(t.TempDir(), "cache.db")
	if err := os.Symlink(filepath.Join(u.home, "data", "tidings", "tidings.db"), link); err != nil {
		t.Fatal(err)
	}
	r := u.run("import", "--newsboat-cache", link)
	if r.code != exitFailed || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "is tidings' own database") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want one line saying it is tidings' own database", r.code, r.stdout, r.stderr)
	}
}

// TestImportURLsBounds imports urls files an attacker could write: an
// entry with terminal controls is skipped with a notice that shows them
// escaped, a NUL byte or an endless file refuses the whole file in one
// line, and nothing is subscribed from a refused file.
func TestImportURLsBounds(t *testing.T) {
	u := newUser(t)
	dir := t.TempDir()
	controls := filepath.Join(dir, "urls")
	writeFile(t, controls, "https://a.example/\x1b]52;c;eA==\x07 news\nhttps://ok.example/feed news\n")
	r := u.run("import", controls)
	if r.code != 0 || strings.ContainsAny(r.stderr, "\x1b\x07") || !strings.Contains(r.stderr, `urls line 1: `) || !strings.Contains(r.stderr, "skipped") ||
		!strings.Contains(r.stderr, `\x1b`) {
		t.Fatalf("exit %d, stderr %q; want line 1 skipped with its controls escaped", r.code, r.stderr)
	}
	if f := u.feeds(); len(f) != 1 || f[0]["url"] != "https://ok.example/feed" {
		t.Fatalf("subscribed %v, want the one good feed", f)
	}
	nul := filepath.Join(dir, "nul")
	writeFile(t, nul, "https://b.example/feed\nhttps://c.example/\x00feed\n")
	for _, tt := range []struct{ path, want string }{
		{nul, "urls: line 2: a NUL byte"},
		{"/dev/zero", "larger than 16 MiB"},
	} {
		r := u.run("import", tt.path)
		if r.code != exitFailed || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("import %s: exit %d, stderr %q; want one line with %q", tt.path, r.code, r.stderr, tt.want)
		}
	}
	if f := u.feeds(); len(f) != 1 {
		t.Errorf("a refused file subscribed: %v", f)
	}
}
