package weburl

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// constructors names, for each way of making a URL from a raw string, the
// packages (folders from the module root) that may call it outside their
// tests: the boundaries where an address enters tidings. Parse is for
// addresses from outside (the command line, the reader's dialogs, a
// response's headers, a feed, a subscription list, a sync server);
// Resolve for references that a document or a response makes relative to
// where it came from; MustParse only for addresses written in tests.
var constructors = map[string][]string{
	"Parse": {
		"sanitize/weburl", "engine/fetch", "engine/feed", "engine/opml", "engine/newsboat",
		"engine/newsboat/cache", "engine/remote", "engine/cmdfeed", "config", "ui", "ui/cli",
	},
	"Resolve":   {"sanitize/weburl", "engine", "engine/fetch", "engine/feed"},
	"MustParse": {"sanitize/weburl"},
}

// TestOnlyBoundariesMakeURLs fails when a package outside the boundaries
// above makes a URL from a raw string: past a boundary, code receives a
// URL, never a string it could forget to check.
func TestOnlyBoundariesMakeURLs(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]map[string]bool{} // constructor → package folder → called
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		for _, name := range constructorCalls(t, path) {
			if calls[name] == nil {
				calls[name] = map[string]bool{}
			}
			calls[name][filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls["Parse"]) < 3 {
		t.Fatalf("found weburl.Parse in only %d packages: the walk is not reading the module", len(calls["Parse"]))
	}
	for name, pkgs := range calls {
		var bad []string
		for pkg := range pkgs {
			if !contains(constructors[name], pkg) {
				bad = append(bad, pkg)
			}
		}
		sort.Strings(bad)
		for _, pkg := range bad {
			t.Errorf("%s calls weburl.%s: only %v may make a URL that way", pkg, name, constructors[name])
		}
	}
}

// constructorCalls returns the names of the weburl constructors the file
// at path calls, by its import of this package under any name.
func constructorCalls(t *testing.T, path string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	local := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/tidings-rss/tidings/sanitize/weburl" {
			local = "weburl"
			if imp.Name != nil {
				local = imp.Name.Name
			}
		}
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && local != "" && x.Name == local {
			if _, known := constructors[sel.Sel.Name]; known {
				out = append(out, sel.Sel.Name)
			}
		}
		return true
	})
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
