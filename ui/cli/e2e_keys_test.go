package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tidings-rss/tidings/ui"
)

func TestConfigPrintsTheKeysAndMacros(t *testing.T) {
	u := newUser(t)
	defaults := u.ok("config", "--default")
	for _, a := range ui.Actions() {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(a.Name) + ` = \[`).MatchString(defaults) {
			t.Errorf("`tidings config --default` does not list the action %s", a.Name)
		}
	}
	for _, want := range []string{"[keys]\n", "# Allowed: Bubble Tea's key names", "[macros]\n", "# Allowed: a key (typed after \",\")",
		"page-down = [\"pgdown\", \"ctrl+f\", \"space\"]\n"} {
		if !strings.Contains(defaults, want) {
			t.Errorf("`tidings config --default` lacks %q", want)
		}
	}
	u.writeConfig("[keys]\nflag = [\"v\", \"space\"]\npage-down = [\"pgdown\"]\n[keys.reader]\ndown = [\"j\", \"ctrl+e\"]\n" +
		"[macros]\nb = [\"open-with:firefox\", \"set:hide_read=true\"]\n")
	out := u.ok("config")
	for _, want := range []string{"flag = [\"v\", \"space\"]\n", "[keys.reader]\ndown = [\"j\", \"ctrl+e\"]\n",
		"b = [\"open-with:firefox\", \"set:hide_read=true\"]\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("`tidings config` lacks %q:\n%s", want, out)
		}
	}
	u.writeConfig(out)
	if again := u.ok("config"); body(again) != body(out) {
		t.Errorf("the printed configuration, loaded back, prints differently:\n%s\nthen\n%s", out, again)
	}
}

func TestBadKeysAndMacrosStopTidingsWithFileAndLine(t *testing.T) {
	u := newUser(t)
	path := filepath.Join(u.home, "config", "tidings", "config.toml")
	for _, tc := range []struct{ doc, want string }{
		{"[keys]\nfrobnicate = [\"x\"]\n", ":2: keys.frobnicate: no such action"},
		{"max_items = 10\n[keys]\nflag = [\"n\"]\n", `:3: keys.flag = "n": the list has this key for next-unread already`},
		{"[keys]\nflag = [\"ctrl+ä\"]\n", `:2: keys.flag = "ctrl+ä": "ctrl+ä" is not a key name`},
		{"[keys.dialogs]\nflag = [\"v\"]\n", ":2: keys.dialogs.flag: flag is not used in the dialogs"},
		{"[macros]\nv = [\"open-link\", \"set:colour=red\"]\n", `:2: macros.v = "set:colour=red": set: "colour" is not a setting`},
		{"[macros]\nv = [\"frob\"]\n", `:2: macros.v = "frob": no such action`},
	} {
		u.writeConfig(tc.doc)
		for _, args := range [][]string{{"config"}, {"feeds"}, {"man"}} {
			r := u.run(args...)
			if r.code != exitUsage || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
				!strings.Contains(r.stderr, "config "+path+tc.want) {
				t.Errorf("tidings %s with %q: exit %d, stdout %.80q, stderr %q; want exit 2 and one line with %q",
					args[0], tc.doc, r.code, r.stdout, r.stderr, tc.want)
			}
		}
	}
}

// In the reader as a user runs it: a rebound key works, the help and the
// short help show it, a burst of keys scrolls the help, and a macro runs
// its steps in order.
func TestReboundKeysAndMacrosInTmux(t *testing.T) {
	t.Parallel() // its own user, servers and processes
	srv := newFeedServer(t)
	srv.setFile(t, "/gopher.xml", "rss20.xml")
	u := newUser(t)
	u.add(srv.URL + "/gopher.xml")
	u.ok("sync")
	unread := len(u.items("--unread"))
	piped := filepath.Join(t.TempDir(), "piped")
	u.writeConfig("[keys]\ntoggle-read = [\"v\"]\nhelp = [\"f2\", \"?\"]\n[keys.dialogs]\ndown = [\"t\", \"down\"]\n" +
		"[macros]\nm = [\"pipe:cat > '" + piped + "'\", \"toggle-read\", \"down\"]\n")

	tt := startTUI(t, u, 100, 22)
	tt.waitFor("Gopher Notes")
	tt.keys("Tab")
	tt.waitFor("v toggle read")
	tt.keys("v")
	waitCount(t, func() int { return len(u.items("--unread")) }, unread-1)
	tt.keys("N") // the default key is no longer toggle-read's
	tt.keys("v")
	waitCount(t, func() int { return len(u.items("--unread")) }, unread)

	tt.keys("F2")
	tt.waitFor("tidings — keys")
	tt.waitFor("v       toggle read")
	tt.waitFor("lines 1–")
	tt.waitFor("t/k, pgup/pgdn scroll")
	tt.text("ttt") // one write: one key message with three runes
	tt.waitFor("lines 4–")
	tt.keys("NPage", "NPage") // to the Screen section, where help is
	tt.waitFor("f2/?    help")
	tt.keys("Escape")
	tt.waitGone("tidings — keys") // else the next key after ESC reads as alt+key

	first := u.items()[0]
	tt.text(",m")
	waitCount(t, func() int { b, _ := os.ReadFile(piped); return min(len(b), 1) }, 1)
	got, err := os.ReadFile(piped)
	if err != nil || !strings.HasPrefix(string(got), first["title"].(string)+"\n") {
		t.Fatalf("the macro's pipe received %q (%v), want the first item, %q", got, err, first["title"])
	}
	waitCount(t, func() int { return len(u.items("--unread")) }, unread-1)

	tt.keys("q", "q") // back to the tree, quit
	if got := tt.waitExit(); got != "EXIT=0" {
		t.Errorf("exit: %s", got)
	}
}
