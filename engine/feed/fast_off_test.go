//go:build tidings_nofast

package feed

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// TestNoFastParsesTheSame is the end-to-end check of the switch: every
// input of treeInputs (the fixtures and the shared corpus) parses and
// cleans to the same document in this build, where the reference
// implementations run, as in the default build, which a child "go test"
// builds and runs (TestWriteParsedDocuments).
func TestNoFastParsesTheSame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the package's tests without the tag")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the default build with")
	}
	path := filepath.Join(t.TempDir(), "parsed.json")
	cmd := exec.Command(goTool, "test", "-count=1", "-run", "^TestWriteParsedDocuments$", ".")
	cmd.Env = append(os.Environ(), parsedEnv+"="+path, "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("default build: %v\n%s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fast parsedDocuments
	if err := json.Unmarshal(b, &fast); err != nil {
		t.Fatal(err)
	}
	if !fast.FastPaths {
		t.Fatal("the child build ran without its fast paths too")
	}
	ref := parseAll(t)
	// Round trip through JSON, as the child's documents did.
	if b, err = json.Marshal(ref); err != nil {
		t.Fatal(err)
	}
	ref = parsedDocuments{}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if len(fast.Docs) != len(ref.Docs) {
		t.Fatalf("the default build read %d inputs, this one %d", len(fast.Docs), len(ref.Docs))
	}
	names := slices.Sorted(maps.Keys(ref.Docs))
	differ := 0
	for _, name := range names {
		if got, want := ref.Docs[name], fast.Docs[name]; !reflect.DeepEqual(got, want) {
			if differ++; differ <= 3 {
				g, _ := json.MarshalIndent(got, "", "  ")
				w, _ := json.MarshalIndent(want, "", "  ")
				t.Errorf("%s: without fast paths\n%s\nwith them\n%s", name, g, w)
			}
		}
	}
	t.Logf("%d inputs, %d differ", len(names), differ)
}
