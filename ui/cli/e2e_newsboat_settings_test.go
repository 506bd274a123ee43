package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/config"
	"github.com/tidings-rss/tidings/testdata/testenv"
)

// newsboatSettingsNotices are what importing testdata/newsboat/settings.config
// says of the lines that do not translate, or translate with a difference.
const newsboatSettingsNotices = `tidings: config line 11: bind-key ^T clear-tag: newsboat's clear-tag has no tidings action (not imported)
tidings: config line 15: macro t set-tag: newsboat's set-tag has no tidings action (not imported)
tidings: config line 21: color background white black: tidings draws on the terminal's own background (not imported)
tidings: config line 24: highlight feedlist "news" red default: tidings highlights nothing in the feed list (not imported)
tidings: config line 18: color listnormal_unread color208 default bold blink: blink dropped (tidings has no blink) (translated)
tidings: config line 23: highlight articlelist "golang" green default: the article list's rows whose title matches are drawn whole, not only the matching words (translated)
`

// A newsboat config with each translated directive writes a new
// configuration file holding the translated tables (the golden
// testdata/newsboat/settings.toml), names the lines that do not
// translate, and loads; importing again writes nothing.
func TestImportNewsboatSettingsWritesANewConfig(t *testing.T) {
	u := newUser(t)
	from := repoFile(t, "testdata", "newsboat", "settings.config")
	path := filepath.Join(u.home, "config", "tidings", "config.toml")
	r := u.run("import", "--newsboat-config", from)
	if r.code != 0 || r.stdout != "imported 0 saved searches and 1 rules\nwrote 23 settings translated from newsboat to "+path+" (a new file)\n" ||
		r.stderr != newsboatSettingsNotices {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s\nwant notices:\n%s", r.code, r.stdout, r.stderr, newsboatSettingsNotices)
	}
	got := readText(t, path)
	want := strings.ReplaceAll(readText(t, repoFile(t, "testdata", "newsboat", "settings.toml")), "NEWSBOAT_CONFIG", from)
	if got != want {
		t.Errorf("config.toml:\n%s\nwant\n%s", got, want)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("config.toml mode %v (%v), want 0600", info.Mode(), err)
	}
	requireLoads(t, path) // the binary loads it too: the second import needs it
	r = u.run("import", "--newsboat-config", from)
	if r.code != 0 || !strings.HasSuffix(r.stdout, "wrote 0 settings translated from newsboat to "+path+"; 23 left out, named above\n") ||
		!strings.Contains(r.stderr, "tidings: config line 3: not written: "+path+" sets ui.browser already\n") {
		t.Errorf("second import: exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	if again := readText(t, path); again != got {
		t.Errorf("the second import changed config.toml:\n%s", again)
	}
}

// An existing configuration file keeps every byte it had: the translated
// tables it does not have are appended at its end; a key of a table it
// has is left out and named (set already, or the line to add there).
func TestImportNewsboatSettingsAppendsToAConfig(t *testing.T) {
	u := newUser(t)
	path := filepath.Join(u.home, "config", "tidings", "config.toml")
	old := "# mine\nmax_items = 100\n\n[ui]\nbrowser = \"firefox\"  # my browser\n"
	u.writeConfig(old)
	r := u.run("import", "--newsboat-config", repoFile(t, "testdata", "newsboat", "settings.config"))
	wantSkipped := "tidings: config line 3: not written: " + path + " sets ui.browser already\n" +
		"tidings: config line 4: not written: " + path + ` has a [ui] table: add bookmark_command = "~/bin/bookmark.sh" there` + "\n"
	if r.code != 0 || !strings.HasSuffix(r.stdout, "wrote 21 settings translated from newsboat to "+path+"; 2 left out, named above\n") ||
		!strings.HasSuffix(r.stderr, wantSkipped) {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
	}
	got := readText(t, path)
	if !strings.HasPrefix(got, old+"\n# Translated from newsboat's ") || strings.Count(got, "[ui]") != 1 ||
		!strings.Contains(got, "\n[keys]\nnext-unread = [\"n\", \"ctrl+n\"]  # newsboat config line 5\n") {
		t.Errorf("config.toml:\n%s", got)
	}
	requireLoads(t, path)
}

// newsboat itself accepts testdata/newsboat/settings.config: newsboat -x
// print-unread reads the whole config and exits 1 naming a bad line (the
// same file with a bad line proves it).
func TestNewsboatAcceptsTheSettingsConfig(t *testing.T) {
	testenv.RequireTool(t, "newsboat", "newsboat")
	dir := t.TempDir()
	body := readText(t, repoFile(t, "testdata", "newsboat", "settings.config"))
	writeFile(t, filepath.Join(dir, "urls"), "http://127.0.0.1:9/feed.xml\n")
	run := func(config string) (string, error) {
		writeFile(t, filepath.Join(dir, "config"), config)
		cmd := exec.Command("newsboat", "-C", "config", "-u", "urls", "-c", "cache.db", "-x", "print-unread")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := run(body); err != nil || strings.Contains(out, "Error") {
		t.Fatalf("newsboat refuses settings.config: %v\n%s", err, out)
	}
	out, err := run(body + "bind-key x no-such-operation\n")
	var ee *exec.ExitError
	if !errors.As(err, &ee) || !strings.Contains(out, "no-such-operation") {
		t.Errorf("newsboat took a bad line: %v\n%s", err, out)
	}
}

// requireLoads checks that config.Load reads the file at path.
//
// TODO(keys, colours merge): until the keys and colours branches are on
// main, config.Load does not know [keys], [macros], [colors],
// [[highlight]] and [[highlight-article]], so the check is skipped on
// exactly that error ("unknown table" of one of them); once both are
// merged it runs (and with it the second import, which loads the file),
// and the two tests above must pass with it.
func requireLoads(t *testing.T, path string) {
	t.Helper()
	if _, err := config.Load(path); err != nil {
		t.Fatalf("the written config does not load: %v", err)
	}
}

// readText reads a file whole.
func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
