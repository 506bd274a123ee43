package newsboat

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// FuzzParseConfigSettings: whatever the config, the keys written over
// tidings' defaults give no key two actions in one context (tidings
// refuses such a file), every setting names its line, and every macro
// has steps.
func FuzzParseConfigSettings(f *testing.F) {
	seed, err := os.ReadFile("../../testdata/newsboat/settings.config")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(seed))
	for line := range strings.SplitSeq(string(seed), "\n") {
		f.Add(line)
	}
	f.Add("bind-key j up\nbind-key k down articlelist\nunbind-key -a feedlist\nbind-key q open")
	f.Fuzz(func(t *testing.T, config string) {
		c, err := ParseConfig(strings.NewReader(config))
		if err != nil {
			return
		}
		s := c.Settings
		inForce := map[string]map[string][]string{}
		for _, ctx := range keyContexts {
			inForce[ctx] = map[string][]string{}
		}
		for _, a := range tidingsActions() {
			for _, ctx := range a.Contexts {
				inForce[ctx][a.Name] = a.Keys
			}
		}
		for _, b := range s.Keys { // [keys] first, then the contexts' tables over it
			if b.Context == "" {
				for _, ctx := range keyContexts {
					if _, used := inForce[ctx][b.Action]; used {
						inForce[ctx][b.Action] = b.Keys
					}
				}
			}
		}
		for _, b := range s.Keys {
			if b.Context != "" {
				inForce[b.Context][b.Action] = b.Keys
			}
		}
		for ctx, actions := range inForce {
			owner := map[string]string{}
			for name, keys := range actions {
				for _, k := range keys {
					if other, ok := owner[k]; ok && other != name {
						t.Fatalf("%s: key %q bound to %s and %s", ctx, k, other, name)
					}
					owner[k] = name
				}
			}
		}
		for _, m := range s.Macros {
			if m.Line == 0 || len(m.Steps) == 0 || slices.Contains(m.Steps, "") {
				t.Fatalf("macro %+v", m)
			}
		}
		for _, col := range s.Colors {
			if col.Line == 0 || col.Value == "" {
				t.Fatalf("color %+v", col)
			}
		}
	})
}
