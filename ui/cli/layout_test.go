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

// openToAll are the packages every package may import.
var openToAll = []string{"config", "sanitize", "sanitize/weburl"}

// openToTests are the packages every package's tests may import: testenv
// finds the corpus and the outside programs tests need (go list ./...
// leaves testdata out, so it is in no table).
var openToTests = []string{"testdata/testenv"}

// allowedImports is the layout: which of tidings' packages each may
// import (besides openToAll). Every edge is one a package uses.
var allowedImports = map[string][]string{
	"":                          {"ui/cli"},
	"ui/cli":                    {"ui", "engine", "engine/account", "engine/fetch", "engine/opml", "engine/newsboat", "engine/newsboat/cache", "engine/remote", "store"},
	"ui":                        {"engine", "engine/account", "engine/document", "store"},
	"engine":                    {"engine/account", "engine/article", "engine/cmdfeed", "engine/document", "engine/feed", "engine/fetch", "engine/enclosure", "engine/machine", "engine/markdown", "engine/opml", "engine/newsboat", "engine/newsboat/cache", "engine/query", "engine/remote", "store"},
	"engine/account":            {"engine/document", "engine/enclosure", "engine/feed", "engine/fetch", "engine/remote", "store"},
	"engine/article":            {"engine/feed"},
	"engine/cmdfeed":            {},
	"engine/document":           {},
	"engine/feed":               {"engine/document"},
	"engine/fetch":              {},
	"engine/enclosure":          {"engine/fetch", "store"},
	"engine/machine":            {},
	"engine/markdown":           {},
	"engine/opml":               {},
	"engine/newsboat":           {"engine/query"},
	"engine/newsboat/cache":     {"engine/document"},
	"engine/query":              {},
	"engine/remote":             {"engine/document", "engine/fetch"},
	"engine/remote/remotetest":  {},
	"engine/internal/fakeclock": {},
	"store":                     {"engine/document", "engine/query"},
	"sanitize":                  {},
	"sanitize/weburl":           {},
	"config":                    {"engine/query"},
}

// allowedTestImports are the edges a package's tests add to
// allowedImports: fakes, and the values a test builds by hand.
var allowedTestImports = map[string][]string{
	"ui/cli":           {"engine/document", "engine/remote/remotetest"},
	"ui":               {"engine/opml"},
	"engine":           {"engine/internal/fakeclock"},
	"engine/fetch":     {"engine/internal/fakeclock"},
	"engine/enclosure": {"engine/document"},
	"engine/remote":    {"engine/remote/remotetest"},
}

// listedPackage is what go list says of one of tidings' packages.
type listedPackage struct {
	ImportPath                         string
	Imports, TestImports, XTestImports []string
	Deps                               []string
}

// goList runs go list -json with fields over patterns at the repository's
// root.
func goList(t *testing.T, fields string, patterns ...string) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-json=" + fields}, patterns...)...)
	cmd.Dir = filepath.Dir(repoFile(t, "go.mod"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// ours is the repository-relative path of imp, false when imp is not one
// of tidings' packages.
func ours(imp string) (string, bool) {
	if imp == module {
		return "", true
	}
	return strings.CutPrefix(imp, module+"/")
}

// The layout the design fixes holds: no Go file at the root but main.go,
// every package (and its tests) imports only what the layout allows, and
// the layout allows no edge that no package uses.
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
	used := map[[2]string]bool{}     // edges of the packages themselves
	usedTest := map[[2]string]bool{} // edges their tests add
	for _, p := range goList(t, "ImportPath,Imports,TestImports,XTestImports", "./...") {
		rel, _ := ours(p.ImportPath)
		allowed, known := allowedImports[rel]
		if !known {
			t.Errorf("package %q is not in the layout table (allowedImports)", rel)
			continue
		}
		for _, imp := range p.Imports {
			dep, ok := ours(imp)
			if !ok || slices.Contains(openToAll, dep) {
				continue
			}
			used[[2]string{rel, dep}] = true
			if !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s, which the layout does not allow", p.ImportPath, imp)
			}
		}
		for _, imp := range append(p.TestImports, p.XTestImports...) {
			dep, ok := ours(imp)
			if !ok || dep == rel || slices.Contains(openToAll, dep) || slices.Contains(openToTests, dep) || slices.Contains(allowed, dep) {
				continue
			}
			usedTest[[2]string{rel, dep}] = true
			if !slices.Contains(allowedTestImports[rel], dep) {
				t.Errorf("the tests of %s import %s, which the layout does not allow", p.ImportPath, imp)
			}
		}
	}
	for pkg, deps := range allowedImports {
		for _, dep := range deps {
			if !used[[2]string{pkg, dep}] {
				t.Errorf("allowedImports lets %q import %q, which it does not: remove the edge", pkg, dep)
			}
		}
	}
	for pkg, deps := range allowedTestImports {
		for _, dep := range deps {
			if !usedTest[[2]string{pkg, dep}] {
				t.Errorf("allowedTestImports lets the tests of %q import %q, which they do not: remove the edge", pkg, dep)
			}
		}
	}
}

// sqliteDriver is the SQLite the store links.
const sqliteDriver = "github.com/mattn/go-sqlite3"

// The packages that turn bytes into documents link neither the store nor
// SQLite: their values are engine/document's. Reading newsboat's cache.db
// needs SQLite, so it is a package of its own, engine/newsboat/cache.
func TestParsersLinkNoStore(t *testing.T) {
	pkgs := goList(t, "ImportPath,Imports,Deps", "./engine/feed", "./engine/remote", "./engine/newsboat")
	if len(pkgs) != 3 {
		t.Fatalf("go list found %d packages, want 3", len(pkgs))
	}
	for _, p := range pkgs {
		for _, dep := range p.Deps {
			switch {
			case dep == module+"/store":
				t.Errorf("%s links the store", p.ImportPath)
			case dep == sqliteDriver:
				t.Errorf("%s links %s", p.ImportPath, sqliteDriver)
			}
		}
	}
}
