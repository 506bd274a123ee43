package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/tidings-rss/tidings"

// allowedImports is the layout: which of tidings' packages each may
// import (config, sanitize and sanitize/weburl are open to all).
var allowedImports = map[string][]string{
	"":                          {"ui/cli"},
	"ui/cli":                    {"ui", "engine", "engine/feed", "engine/fetch", "engine/enclosure", "engine/opml", "engine/newsboat", "engine/remote", "store"},
	"ui":                        {"engine", "engine/fetch", "store"},
	"engine":                    {"engine/feed", "engine/fetch", "engine/enclosure", "engine/machine", "engine/opml", "engine/newsboat", "engine/query", "engine/remote", "store"},
	"engine/feed":               {"store"},
	"engine/fetch":              {},
	"engine/enclosure":          {"engine/fetch", "store"},
	"engine/machine":            {},
	"engine/opml":               {},
	"engine/newsboat":           {"engine/query", "store"},
	"engine/query":              {},
	"engine/remote":             {"engine/fetch", "store"},
	"engine/remote/remotetest":  {},
	"engine/internal/fakeclock": {},
	"store":                     {"engine/query"},
	"sanitize":                  {},
	"sanitize/weburl":           {},
	"config":                    {},
}

// The layout the design fixes holds: no Go file at the root but main.go,
// and every package imports only what allowedImports allows.
func TestLayout(t *testing.T) {
	root := filepath.Dir(repoFile(t, "go.mod"))
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") && e.Name() != "main.go" {
			t.Errorf("Go file at the repository root: %s", e.Name())
		}
	}
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		allowed, known := allowedImports[rel]
		if !known {
			t.Errorf("package %q is not in the layout table (allowedImports)", rel)
			continue
		}
		for _, imp := range p.Imports {
			dep, ours := strings.CutPrefix(imp, module+"/")
			if !ours || dep == "config" || dep == "sanitize" || dep == "sanitize/weburl" {
				continue
			}
			if !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s, which the layout does not allow", p.ImportPath, imp)
			}
		}
	}
}
