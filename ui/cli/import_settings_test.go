package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/engine/newsboat"
)

// Importing the same settings twice writes them once: the second time
// every table and key is there already, named, and the file is left
// byte for byte (the e2e twin needs the keys and colours branches).
func TestImportSettingsTwiceWritesOnce(t *testing.T) {
	f, err := os.Open(repoFile(t, "testdata", "newsboat", "settings.config"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := newsboat.ParseConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tidings", "config.toml")
	if _, summary, err := importSettings(path, "newsboat/config", c.Settings); err != nil || summary != "wrote 23 settings translated from newsboat to "+path+" (a new file)" {
		t.Fatalf("first import: %q, %v", summary, err)
	}
	first := readText(t, path)
	skipped, summary, err := importSettings(path, "newsboat/config", c.Settings)
	if err != nil || summary != "wrote 0 settings translated from newsboat to "+path+"; 23 left out, named above" || len(skipped) != 23 {
		t.Fatalf("second import: %q, %d left out, %v", summary, len(skipped), err)
	}
	for _, s := range skipped {
		if !strings.Contains(s, "already") {
			t.Errorf("left out %q, want a setting the file has already", s)
		}
	}
	if again := readText(t, path); again != first {
		t.Errorf("the second import changed the file:\n%s", again)
	}
}
