package config

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestLoadKeysAndMacros(t *testing.T) {
	isolate(t)
	doc := "[keys]\nflag = [\"x\", \"space\"]\ndismiss = []\npage-down = [\"pgdown\"]\n" +
		"[keys.tree]\ndown = [\"j\", \"down\", \"ctrl+n\"]\n" +
		"[macros]\n\"ctrl+o\" = [\"next-unread\", \"set:hide-read=true\"]\n"
	c, err := Load(writeConfig(t, doc))
	if err != nil {
		t.Fatal(err)
	}
	list := c.Bindings.In(ContextList)
	if !slices.Equal(list["flag"], []string{"x", " "}) || len(list["dismiss"]) != 0 || !slices.Equal(list["down"], []string{"j", "down"}) {
		t.Errorf("list keys: flag %q dismiss %q down %q", list["flag"], list["dismiss"], list["down"])
	}
	tree := c.Bindings.In(ContextTree)
	if !slices.Equal(tree["down"], []string{"j", "down", "ctrl+n"}) {
		t.Errorf("tree down = %q", tree["down"])
	}
	if _, ok := tree["flag"]; ok {
		t.Error("flag, not used in the tree, has keys there")
	}
	want := []MacroStep{{Kind: StepAction, Arg: "next-unread"}, {Kind: StepSet, Arg: "hide_read", Value: "true"}}
	if !reflect.DeepEqual(c.Macros["ctrl+o"], want) {
		t.Errorf("macro = %+v, want %+v", c.Macros["ctrl+o"], want)
	}
}

func TestLoadKeyAndMacroErrors(t *testing.T) {
	tests := []struct {
		name, doc string
		line      int
		key       string
		msg       string
	}{
		{"keys not a table", "keys = 3\n", 1, "keys", "wrong type: got integer, want table"},
		{"macros not a table", "max_items = 10\nmacros = \"x\"\n", 2, "macros", "wrong type: got string, want table"},
		{"unknown action", "[keys]\nup = [\"k\"]\nfrobnicate = [\"x\"]\n", 3, "keys.frobnicate", "no such action"},
		{"unknown action in a context", "[keys.reader]\nfrob = [\"x\"]\n", 2, "keys.reader.frob", "no such action"},
		{"action of another context", "[keys.dialogs]\nopen-link = [\"o\"]\n", 2, "keys.dialogs.open-link", "not used in the dialogs"},
		{"unknown key name", "[keys]\nflag = [\"ctrl+ä\"]\n", 2, "keys.flag", "is not a key name"},
		{"key the terminal never sends", "[keys]\nflag = [\"ctrl+i\"]\n", 2, "keys.flag", `write "tab"`},
		{"not a list", "[keys]\nflag = \"s\"\n", 2, "keys.flag", "want array of strings"},
		{"not strings", "[keys]\nflag = [1]\n", 2, "keys.flag", "every element must be a string"},
		{"context not a table", "[keys]\nreader = 1\n", 2, "keys.reader", "want a table"},
		{"conflict with a default", "[keys]\n\nflag = [\"n\"]\n", 3, "keys.flag", "the list has this key for next-unread already (unbind it: next-unread = []"},
		{"conflict between two written", "[keys]\nzoom = [\"v\"]\nwiden = [\"v\"]\n", 2, "keys.zoom", "this key for widen already"},
		{"conflict in one context only", "[keys.reader]\nwhole-article = [\"s\"]\n", 2, "keys.reader.whole-article", "the reader has this key for flag"},
		{"a digit in the reader", "[keys]\nzoom = [\"1\"]\n", 2, "keys.zoom", "the reader has this key for typing a link's number"},
		{"conflict with the macro prefix", "[keys]\nzoom = [\",\"]\n[macros]\nv = [\"open-link\"]\n", 2, "keys.zoom", "for the macro prefix"},
		{"unknown macro action", "[macros]\nv = [\"open-link\", \"frob\"]\n", 2, "macros.v", "no such action"},
		{"unknown setting", "[macros]\nv = [\"set:colour=red\"]\n", 2, "macros.v", `"colour" is not a setting a macro can change`},
		{"bad boolean", "[macros]\nv = [\"set:hide_read=yes\"]\n", 2, "macros.v", "takes true or false"},
		{"empty command", "[macros]\nv = [\"pipe: \"]\n", 2, "macros.v", "must name a command"},
		{"unsplittable command", "[macros]\nv = [\"open-with:x 'y\"]\n", 2, "macros.v", "cannot split"},
		{"empty macro", "[macros]\nv = []\n", 2, "macros.v", "at least one step"},
		{"bad macro key", "[macros]\n\"ctrl+ä\" = [\"open-link\"]\n", 2, `macros."ctrl+ä"`, "is not a key name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			isolate(t)
			path := writeConfig(t, tt.doc)
			_, err := Load(path)
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("Load = %v, want a *config.Error", err)
			}
			prefix := fmt.Sprintf("config %s:%d: %s", path, tt.line, tt.key)
			if s := err.Error(); !strings.HasPrefix(s, prefix) || !strings.Contains(s, tt.msg) || strings.Contains(s, "\n") {
				t.Errorf("error %q, want one line starting %q containing %q", s, prefix, tt.msg)
			}
		})
	}
}

func TestWriteTOMLListsEveryActionAndLoadsBack(t *testing.T) {
	_, dataDir := isolate(t)
	c := Default().Resolve(dataDir)
	c.Bindings.Keys["flag"] = []string{"x", " "}
	c.Bindings.Keys["dismiss"] = []string{}
	c.Bindings.Keys["page-down"] = []string{"pgdown"}
	c.Bindings.Contexts[ContextReader] = map[string][]string{"whole-article": {"f5"}}
	c.Macros = map[string][]MacroStep{",": {{Kind: StepPipe, Arg: `wc -c "x"`}}, " ": {{Kind: StepAction, Arg: "open-link"}}}
	var buf bytes.Buffer
	if err := WriteTOML(&buf, c); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, a := range Actions() {
		if !strings.Contains(out, "\n"+a.Name+" = ") {
			t.Errorf("the output does not bind %s", a.Name)
		}
	}
	for _, want := range []string{"[keys.reader]\nwhole-article = [\"f5\"]", `flag = ["x", "space"]`, `dismiss = []`,
		`"," = ["pipe:wc -c \"x\""]`, `space = ["open-link"]`} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q", want)
		}
	}
	got, err := Load(writeConfig(t, out))
	if err != nil {
		t.Fatalf("Load(WriteTOML output): %v\n%s", err, out)
	}
	if !reflect.DeepEqual(got.Bindings, c.Bindings) || !reflect.DeepEqual(got.Macros, c.Macros) {
		t.Errorf("loaded back\n%+v %+v\nwant\n%+v %+v", got.Bindings, got.Macros, c.Bindings, c.Macros)
	}
}

func TestDefaultBindingsHaveNoConflict(t *testing.T) {
	if err := Default().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, a := range Actions() {
		if len(a.Contexts) == 0 || a.Help == "" || !strings.HasSuffix(a.Meaning, ".") {
			t.Errorf("%s: contexts %v, help %q, meaning %q", a.Name, a.Contexts, a.Help, a.Meaning)
		}
		for _, k := range a.Keys {
			if n, err := NormalizeKey(k); err != nil || n != k {
				t.Errorf("%s: default key %q: %v", a.Name, k, err)
			}
		}
	}
}
