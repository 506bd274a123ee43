package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/sanitize"
	"github.com/tidings-rss/tidings/testdata/testenv"
	"github.com/tidings-rss/tidings/ui"
)

// manText renders roff as man shows it at 100 columns, skipping when man
// is missing.
func manText(t *testing.T, roff string) string {
	t.Helper()
	return manTextWidth(t, roff, 100)
}

// manTextWidth renders roff as man shows it at width columns.
func manTextWidth(t *testing.T, roff string, width int) string {
	t.Helper()
	testenv.RequireTool(t, "man", "man-db")
	cmd := exec.Command("man", "--warnings", "-l", "-")
	cmd.Env = []string{"MANWIDTH=" + strconv.Itoa(width), "MANPAGER=cat", "PAGER=cat", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"}
	cmd.Stdin = strings.NewReader(roff)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("man -l -: %v\n%s", err, errb.String())
	}
	if errb.Len() > 0 {
		t.Errorf("man warns about the page:\n%s", errb.String())
	}
	return out.String()
}

// manPage is the rendered page as one line, every run of white space one
// space. It is rendered 2,000 columns wide, so that man breaks no line of
// prose (and hyphenates no word).
func manPage(t *testing.T) string {
	t.Helper()
	u := newUser(t)
	roff := u.ok("man")
	if !strings.HasPrefix(roff, ".nh\n.TH \"TIDINGS\" \"1\"") {
		t.Fatalf("not a roff man page:\n%.200s", roff)
	}
	return strings.Join(strings.Fields(manTextWidth(t, roff, 2000)), " ")
}

// section is the text of the page's section title, up to the next one.
func section(t *testing.T, page, title, next string) string {
	t.Helper()
	_, s, ok := strings.Cut(page, " "+title+" ")
	if !ok {
		t.Fatalf("the man page has no %s section", title)
	}
	s, _, ok = strings.Cut(s, " "+next+" ")
	if !ok {
		t.Fatalf("the man page has no %s section after %s", next, title)
	}
	return s
}

// lacks reports each string of want that page does not contain.
func lacks(t *testing.T, page string, want []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(page, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("the man page lacks %q", w)
		}
	}
}

// commandTree returns every command the user can run, below the root.
func commandTree() []*cobra.Command {
	discard := sanitize.NewTerminalWriter(io.Discard)
	root := newRootCmd(context.Background(), "test", "", strings.NewReader(""), discard, discard)
	root.InitDefaultCompletionCmd()
	var all []*cobra.Command
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
				all = append(all, sub)
				walk(sub)
			}
		}
	}
	walk(root)
	return all
}

func TestManPageHasItsSections(t *testing.T) {
	u := newUser(t)
	page := manText(t, u.ok("man"))
	for _, section := range []string{"NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "JSON OUTPUT",
		"QUERY LANGUAGE", "THE READER", "KEYS", "CONFIGURATION", "DOWNLOADING", "ENCLOSURES",
		"SEVERAL MACHINES", "SHARING THE DATABASE", "SWITCHING FROM NEWSBOAT", "FEED FORMATS",
		"SECURITY", "FILES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO", "OPTIONS"} {
		if !strings.Contains(page, "\n"+section+"\n") {
			t.Errorf("the man page has no %s section", section)
		}
	}
	if strings.Contains(page, "{{") {
		t.Errorf("the man page keeps a placeholder:\n%s", page)
	}
}

func TestManPageShowsEveryCommandAndFlag(t *testing.T) {
	page := manPage(t)
	want := []string{"--version", "--sync-once", "--force", "--config", "--db"}
	for _, cmd := range commandTree() {
		want = append(want, cmd.Parent().CommandPath()+" "+cmd.Use)
		cmd.LocalNonPersistentFlags().VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && f.Name != "help" {
				want = append(want, "--"+f.Name+" ", f.Usage)
			}
		})
	}
	lacks(t, page, want)
}

func TestManPageShowsEveryConfigKeyWithItsDefault(t *testing.T) {
	page := section(t, manPage(t), "CONFIGURATION", "DOWNLOADING")
	// The keys as `tidings config --default` prints them: [table] headers,
	// then "leaf = value" lines.
	u := newUser(t)
	table, n := "", 0
	for line := range strings.Lines(u.ok("config", "--default")) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			table = strings.Trim(line, "[]") + "."
			continue
		}
		leaf, value, ok := strings.Cut(line, " = ")
		if !ok || strings.HasPrefix(line, "#") || strings.HasPrefix(table, "keys.") || table == "macros." {
			continue // the actions' keys are the KEYS section's
		}
		n++
		name := table + leaf
		i := strings.Index(page, " "+name+" ")
		if i < 0 {
			t.Errorf("the man page does not document %s", name)
			continue
		}
		// The first default after the key's name is its own.
		j := strings.Index(page[i:], " Default: ")
		if j < 0 || !strings.HasPrefix(page[i+j:], " Default: "+value+".") {
			t.Errorf("the man page does not give %s's default as %s", name, value)
		}
	}
	if n != len(config.Keys()) {
		t.Errorf("`tidings config --default` prints %d keys, config.Keys has %d", n, len(config.Keys()))
	}
}

func TestManPageShowsEveryReaderKeyAndMark(t *testing.T) {
	page := manPage(t)
	var want []string
	for _, a := range ui.Actions() {
		keys := strings.Join(keyLabels(a.Keys), ", ")
		want = append(want, a.Label+" "+a.Help+". "+a.Meaning, "in [keys]: "+a.Name+". Keys: "+keys+".")
	}
	if len(want) < 40 {
		t.Fatalf("ui.Actions has %d actions", len(want)/2)
	}
	for _, m := range ui.Marks() {
		want = append(want, m[0]+" "+m[1])
	}
	lacks(t, page, want)
}

// The page shows the keys in force: the user's [keys] over the defaults,
// per context where they differ, and the macros.
func TestManPageShowsTheKeysInForce(t *testing.T) {
	u := newUser(t)
	u.writeConfig("[keys]\nflag = [\"v\"]\n[keys.list]\ndown = [\"t\"]\n[macros]\nb = [\"open-with:firefox\", \"toggle-read\"]\n")
	page := strings.Join(strings.Fields(manTextWidth(t, u.ok("man"), 2000)), " ")
	lacks(t, page, []string{
		"v flag. Flag the item", "in [keys]: flag. Keys: v.",
		"in [keys]: down. Keys: j, down (tree, reader and dialogs); t (list).",
		",b open-with:firefox, then toggle-read",
	})
}

func TestManPageShowsEveryJSONField(t *testing.T) {
	page := manPage(t)
	var want []string
	for _, v := range []any{feedJSON{}, itemJSON{}, enclosureJSON{}, ruleJSON{}, ruleApplyJSON{}, searchJSON{}, folderJSON{}} {
		fields := jsonFields(v)
		if len(fields) == 0 {
			t.Fatalf("%T has no JSON fields", v)
		}
		want = append(want, strings.Join(fields, ", "))
	}
	lacks(t, page, want)
}

// envRead finds the environment variables tidings' own code reads or sets
// for the programs it runs.
var envRead = regexp.MustCompile(`(?:Getenv|LookupEnv|getenv)\("([A-Z_]+)"\)|"(TIDINGS_[A-Z_]+)=`)

func TestManPageShowsEveryEnvironmentVariable(t *testing.T) {
	env := section(t, manPage(t), "ENVIRONMENT", "EXIT STATUS")
	root := filepath.Dir(repoFile(t, "go.mod"))
	var names []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range envRead.FindAllStringSubmatch(string(src), -1) {
			names = append(names, m[1]+m[2])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if !slices.Contains(names, "BROWSER") {
		t.Fatalf("found no environment variable in the sources: %v", names)
	}
	for _, name := range names {
		if !strings.Contains(env, name) {
			t.Errorf("the man page's ENVIRONMENT section does not document %s, which tidings reads", name)
		}
	}
}
