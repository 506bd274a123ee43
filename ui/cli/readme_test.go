package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeMaxBytes bounds the README: it is for users, and the manual page
// holds the details.
const readmeMaxBytes = 15 * 1024

// readme returns the README's text.
func readme(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(repoFile(t, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// fencedBlocks returns the fenced blocks of kind lang in text, in order.
func fencedBlocks(text, lang string) []string {
	var blocks []string
	rest := text
	for {
		var ok bool
		_, rest, ok = strings.Cut(rest, "\n```"+lang+"\n")
		if !ok {
			return blocks
		}
		var block string
		block, rest, _ = strings.Cut(rest, "\n```\n")
		blocks = append(blocks, block+"\n")
	}
}

// readmeSection returns the README's section under heading, up to the
// next heading of the same level.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	_, s, ok := strings.Cut(readme(t), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README has no %q section", heading)
	}
	s, _, _ = strings.Cut(s, "\n## ")
	return s
}

func TestREADMEStaysShort(t *testing.T) {
	if n := len(readme(t)); n > readmeMaxBytes {
		t.Errorf("README.md is %d bytes, more than %d: move details to the manual page (ui/cli/manual.md) or a package's doc.go", n, readmeMaxBytes)
	}
}

// The README's set-up block is two commands: one runs tidings, the other
// the whole test suite exactly as CI does (CI's extra runs — fuzzing, the
// build with the fast paths switched off — come after it).
func TestREADMESetUpRunsTidingsAndTheCITestSuite(t *testing.T) {
	blocks := fencedBlocks(readmeSection(t, "## Set up"), "sh")
	if len(blocks) != 1 {
		t.Fatalf("README's Set up section has %d sh blocks, want 1", len(blocks))
	}
	var commands []string
	for line := range strings.Lines(blocks[0]) {
		cmd, _, _ := strings.Cut(line, "#")
		if cmd = strings.TrimSpace(cmd); cmd != "" {
			commands = append(commands, cmd)
		}
	}
	if len(commands) != 2 || commands[0] != "go run ." {
		t.Fatalf("README's set-up commands are %q, want \"go run .\" and the test command", commands)
	}
	ci, err := os.ReadFile(repoFile(t, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var ciTests []string
	for line := range strings.Lines(string(ci)) {
		line = strings.TrimSpace(line)
		// Fuzzing, the build with the fast paths switched off, and the
		// tests' helper under testdata, which ./... leaves out, are runs
		// of their own.
		if strings.HasPrefix(line, "go test ") && !strings.Contains(line, "-fuzz") && !strings.Contains(line, "-tags") &&
			!strings.Contains(line, "./testdata/") {
			ciTests = append(ciTests, line)
		}
	}
	if len(ciTests) != 1 || ciTests[0] != commands[1] {
		t.Errorf("README's test command is %q; .ci/run runs %q", commands[1], ciTests)
	}
}

// Every configuration in the README is one tidings accepts: an unknown
// key, a bad value or a key left behind by a rename fails here.
func TestREADMEConfigExamplesAreValid(t *testing.T) {
	blocks := fencedBlocks(readme(t), "toml")
	if len(blocks) == 0 {
		t.Fatal("README has no toml block")
	}
	u := newUser(t)
	for i, block := range blocks {
		path := filepath.Join(u.home, "readme.toml")
		if err := os.WriteFile(path, []byte(block), 0o600); err != nil {
			t.Fatal(err)
		}
		r := u.run("config", "--config", path)
		if r.code != 0 {
			t.Errorf("README's toml block %d is not a valid configuration: %s\n%s", i+1, strings.TrimSpace(r.stderr), block)
		}
	}
}
