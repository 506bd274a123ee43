package config

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// namedKeys are the keys Bubble Tea names (its keyNames table, which a
// test of the reader holds this list to), besides the printable
// characters, which are named by themselves.
var namedKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`ctrl+@ ctrl+\ ctrl+] ctrl+^ ctrl+_ tab enter esc backspace
		up down right left shift+tab home end ctrl+home ctrl+end shift+home shift+end
		ctrl+shift+home ctrl+shift+end pgup pgdown ctrl+pgup ctrl+pgdown delete insert
		ctrl+up ctrl+down ctrl+right ctrl+left shift+up shift+down shift+right shift+left
		ctrl+shift+up ctrl+shift+down ctrl+shift+left ctrl+shift+right`) {
		m[n] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		if c != 'i' && c != 'm' {
			m["ctrl+"+string(c)] = true
		}
	}
	for i := 1; i <= 20; i++ {
		m[fmt.Sprintf("f%d", i)] = true
	}
	m[" "] = true
	return m
}()

// NamedKeys returns the key names tidings accepts besides printable
// characters (and alt+ before any of them): Bubble Tea's names.
func NamedKeys() []string {
	out := make([]string, 0, len(namedKeys))
	for n := range namedKeys {
		out = append(out, n)
	}
	return out
}

// keyAliases are names a terminal never sends, with the one it sends.
var keyAliases = map[string]string{
	"ctrl+i": "tab", "ctrl+m": "enter", "ctrl+[": "esc", "return": "enter", "escape": "esc",
	"pagedown": "pgdown", "pageup": "pgup", "pgdn": "pgdown", "del": "delete",
}

// NormalizeKey returns a key name as Bubble Tea names the key ("space"
// is " "), or an error saying why name is none.
func NormalizeKey(name string) (string, error) {
	if name == "space" {
		return " ", nil
	}
	if namedKeys[name] {
		return name, nil
	}
	if to, ok := keyAliases[name]; ok {
		return "", fmt.Errorf("%q is not a key name the terminal sends: write %q", name, to)
	}
	rest, alt := strings.CutPrefix(name, "alt+")
	if alt && rest != "" {
		if n, err := NormalizeKey(rest); err == nil {
			return "alt+" + n, nil
		}
	}
	if r, size := utf8.DecodeRuneInString(name); size == len(name) && r != utf8.RuneError && unicode.IsGraphic(r) && !unicode.IsSpace(r) {
		return name, nil
	}
	return "", fmt.Errorf(`%q is not a key name (write keys as Bubble Tea names them: "n", "N", "ctrl+n", "shift+tab", "f5", "space", "alt+j")`, name)
}

// keyLabel is a key name as the help and `tidings config` show it.
func keyLabel(name string) string {
	if name == " " {
		return "space"
	}
	return name
}
