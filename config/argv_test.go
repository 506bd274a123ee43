package config

import (
	"slices"
	"strings"
	"testing"
)

func TestSplitArgs(t *testing.T) {
	t.Setenv("HOME", "/home/me")
	good := map[string][]string{
		"firefox --new-tab":                 {"firefox", "--new-tab"},
		`chromium "--user-data-dir=a b" %s`: {"chromium", "--user-data-dir=a b", "%s"},
		`~/bin/br 'x y' z\ w`:               {"/home/me/bin/br", "x y", "z w"},
		"$HOME/br":                          {"/home/me/br"},
	}
	for in, want := range good {
		if got, err := SplitArgs(in); err != nil || !slices.Equal(got, want) {
			t.Errorf("SplitArgs(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := map[string]string{
		"":              "empty",
		"a; b":          "holds ;",
		"a > f":         "redirects",
		"X=1 a":         "sets a variable",
		"$BR %s":        "uses $BR",
		"a $(b)":        "cannot split",
		"a 'unclosed":   "not closed",
		"firefox *.htm": "a pattern",
	}
	for in, want := range bad {
		if _, err := SplitArgs(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SplitArgs(%q) = %v, want an error with %q", in, err, want)
		}
	}
}
