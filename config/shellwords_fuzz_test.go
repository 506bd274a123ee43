package config

import (
	"strings"
	"testing"
)

// FuzzCommandPrograms: any command line either yields programs or one
// line saying why not, never panics, and is read the same after another
// command.
func FuzzCommandPrograms(f *testing.F) {
	for _, s := range []string{
		"notify-send tidings", "pass show rss | head -n 1", `"$HOME/bin/x" 2>&1 >/dev/null`,
		"a=b c; . ~/x && exec d || { e; }", "$(x)", "`x`", "'", `"\`, "${", "~u", "x <<E", "case",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		progs, err := commandPrograms(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("commandPrograms(%q): error of several lines: %q", s, err)
			}
			return
		}
		// A command before it changes nothing of what the line runs.
		again, err := commandPrograms("true; " + s)
		if err != nil {
			if !strings.HasPrefix(s, ";") { // ";;" is case's
				t.Fatalf("commandPrograms(%q) = %v after a first command", s, err)
			}
			return
		}
		if len(again) != len(progs)+1 || again[0].name != "true" {
			t.Fatalf("commandPrograms(%q) = %v, then %v after a first command", s, progs, again)
		}
		for i, p := range progs {
			if again[i+1] != p {
				t.Fatalf("commandPrograms(%q) = %v, then %v after a first command", s, progs, again)
			}
		}
	})
}
