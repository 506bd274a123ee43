package enclosure

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestEnclosureFileName(t *testing.T) {
	for _, c := range []struct{ url, title, typ, want string }{
		{"http://a.example/show/ep%201.mp3?x=1", "", "", "ep 1.mp3"},
		{"http://a.example/..%2F..%2Fescape.mp3", "", "", "escape.mp3"},
		{"http://a.example/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "", "", "etcpasswd"},
		{`http://a.example/..%5C..%5Cwin.mp3`, "", "", "win.mp3"},
		{"http://a.example/.bashrc", "", "", "bashrc"},
		{"http://a.example/...", "Talk", "audio/mpeg", "Talk.mp3"},
		{"http://a.example/a..b.mp3", "", "", "ab.mp3"},
		{"http://a.example/%1B%5B31mred%07.mp3", "", "", "[31mred.mp3"},
		{"http://a.example/rtl%E2%80%AEgpj.exe", "", "", "rtlgpj.exe"},
		{"http://a.example/", "Episode 1: ../../The Start", "audio/mp4", "Episode 1: The Start.m4a"},
		{"http://a.example/", "", "video/mp4", "enclosure-7.mp4"},
		{"http://a.example/", "...", "", "enclosure-7"},
		{"http://a.example/name.mp3.", "", "", "name.mp3"},
	} {
		if got := fileName(c.url, c.title, c.typ, 7); got != c.want {
			t.Errorf("fileName(%q, %q) = %q, want %q", c.url, c.title, got, c.want)
		}
	}
	long := strings.Repeat("é", 300) + ".mp3"
	if got := CleanFileName(long); len(got) > maxNameBytes || !strings.HasSuffix(got, "é.mp3") || !utf8.ValidString(got) {
		t.Errorf("a long name became %q (%d bytes)", got, len(got))
	}
}

func TestNumberedNames(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want string
	}{{"ep.mp3", 1, "ep.mp3"}, {"ep.mp3", 2, "ep (2).mp3"}, {"README", 3, "README (3)"}} {
		if got := numbered(c.name, c.n); got != c.want {
			t.Errorf("numbered(%q, %d) = %q, want %q", c.name, c.n, got, c.want)
		}
	}
}

func TestInFolder(t *testing.T) {
	dir := filepath.Join(string(filepath.Separator), "enc", "7")
	for _, c := range []struct {
		p  string
		ok bool
	}{
		{filepath.Join(dir, "ep.mp3"), true},
		{filepath.Join(dir, "..", "ep.mp3"), false},
		{filepath.Join(dir, "sub", "ep.mp3"), false},
		{dir, false},
		{filepath.Join(dir, "..", "7", "ep.mp3"), true},
		{"/etc/passwd", false},
	} {
		if got := inFolder(dir, c.p); got != c.ok {
			t.Errorf("inFolder(%q, %q) = %v", dir, c.p, got)
		}
	}
}

func FuzzCleanFileName(f *testing.F) {
	for _, s := range []string{"ep.mp3", "../../x", `..\..\x`, ".hidden", "a\x00b", "\u202egpj.exe", "...", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name := CleanFileName(s)
		if name == "" {
			return
		}
		if strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || strings.HasPrefix(name, ".") ||
			len(name) > maxNameBytes || !utf8.ValidString(name) {
			t.Fatalf("CleanFileName(%q) = %q", s, name)
		}
		for _, r := range name {
			if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
				t.Fatalf("CleanFileName(%q) = %q keeps %U", s, name, r)
			}
		}
		dir := filepath.Join(string(filepath.Separator), "enc", "1")
		if !inFolder(dir, filepath.Join(dir, name)) {
			t.Fatalf("CleanFileName(%q) = %q leaves the folder", s, name)
		}
	})
}
